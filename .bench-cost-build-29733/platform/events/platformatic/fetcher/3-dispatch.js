import { commitUpTo } from "./4-commit.js";
import {
  fail,
  keyOf,
  served,
  wake
} from "./state.js";
const IS_CONTROL_BATCH = 32;
function text(value) {
  return value === null || value === void 0 ? "" : value.toString();
}
function inbound(topic, partition, offset, record) {
  const headers = {};
  for (const [name, value] of record.headers) if (name !== null) headers[name.toString()] = text(value);
  return {
    topic,
    partition,
    offset: offset.toString(),
    key: text(record.key),
    value: text(record.value),
    headers
  };
}
function take(s, response, topicOf, asked) {
  for (const t of response.responses) {
    const topic = topicOf.get(t.topicId);
    if (topic === void 0) continue;
    for (const p of t.partitions) {
      const key = keyOf(topic, p.partitionIndex);
      const request = asked.get(key);
      if (!request || s.tokens.get(key) !== request.token || s.positions.get(key) !== request.offset)
        continue;
      if (s.busy.has(key) || s.paused.has(key)) continue;
      const messages = [];
      let end = request.offset;
      for (const batch of p.records ?? []) {
        const batchEnd = batch.firstOffset + BigInt(batch.lastOffsetDelta) + 1n;
        if (batchEnd > end) end = batchEnd;
        if (batch.attributes & IS_CONTROL_BATCH) continue;
        for (const record of batch.records) {
          const offset = batch.firstOffset + BigInt(record.offsetDelta);
          if (offset >= request.offset) messages.push(inbound(topic, p.partitionIndex, offset, record));
        }
      }
      if (messages.length === 0) {
        if (end > request.offset) s.positions.set(key, end);
        continue;
      }
      dispatch(s, key, { topic, partition: p.partitionIndex }, request.token, messages, end);
    }
  }
}
function dispatch(s, key, tp, token, messages, end) {
  const last = messages[messages.length - 1];
  const run = { resolvedNext: null, rewound: false };
  const handle = partitionHandle(s, key, tp, token, run);
  const work = s.spec.handle(messages, handle).catch((error) => fail(s, error)).finally(() => {
    s.busy.delete(key);
    served(s, key);
    if (s.tokens.get(key) === token && !run.rewound && run.resolvedNext !== null) {
      s.positions.set(key, run.resolvedNext > BigInt(last.offset) ? end : run.resolvedNext);
    }
    wake(s);
  });
  s.busy.set(key, work);
}
function partitionHandle(s, key, tp, token, run) {
  const handle = {
    owned: () => s.tokens.get(key) === token && s.failure === null,
    isRunning: () => handle.owned() && !s.stopped,
    resolve(offset) {
      run.resolvedNext = BigInt(offset) + 1n;
    },
    async commit(next) {
      if (!handle.owned()) return;
      await commitUpTo(s, key, tp, token, BigInt(next));
    },
    pause(offset) {
      run.rewound = true;
      if (s.tokens.get(key) === token) {
        s.positions.set(key, BigInt(offset));
        s.paused.add(key);
      }
      return () => {
        if (s.tokens.get(key) !== token || !s.paused.delete(key)) return;
        served(s, key);
        wake(s);
      };
    }
  };
  return handle;
}
export {
  take
};
//# sourceMappingURL=3-dispatch.js.map
