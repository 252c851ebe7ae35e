import type { Consumer, KafkaRecord } from "@platformatic/kafka";
import type { InboundMessage } from "../../wire.js";
import { commitUpTo } from "./4-commit.js";
import {
  type FetcherState,
  fail,
  keyOf,
  type PartitionHandle,
  served,
  type TopicPartition,
  wake,
} from "./state.js";

type FetchResponse = Awaited<ReturnType<Consumer["fetch"]>>;
/** What one fetch asked of each partition: from where, as which owner */
export type Asked = Map<string, { offset: bigint; token: number }>;

const IS_CONTROL_BATCH = 0b10_0000;

function text(value: Buffer | string | null | undefined): string {
  return value === null || value === undefined ? "" : value.toString();
}

function inbound(topic: string, partition: number, offset: bigint, record: KafkaRecord): InboundMessage {
  const headers: Record<string, string> = {};
  for (const [name, value] of record.headers) if (name !== null) headers[name.toString()] = text(value);
  return {
    topic,
    partition,
    offset: offset.toString(),
    key: text(record.key),
    value: text(record.value),
    headers,
  };
}

/**
 * Stage 3 of the fetcher: a fetch's answer, each partition's run handed to the handler (the
 * core's stage 3) while the partition is not fetched again. An answer for a partition revoked,
 * re-assigned, rewound or already handed out meanwhile is stale and dropped.
 */
export function take(
  s: FetcherState,
  response: FetchResponse,
  topicOf: ReadonlyMap<string, string>,
  asked: Asked,
) {
  for (const t of response.responses) {
    const topic = topicOf.get(t.topicId);
    if (topic === undefined) continue;
    for (const p of t.partitions) {
      const key = keyOf(topic, p.partitionIndex);
      const request = asked.get(key);
      if (!request || s.tokens.get(key) !== request.token || s.positions.get(key) !== request.offset)
        continue;
      if (s.busy.has(key) || s.paused.has(key)) continue;
      const messages: InboundMessage[] = [];
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

/** One run to the handler; when it ends the next fetch starts after the last offset it resolved. */
function dispatch(
  s: FetcherState,
  key: string,
  tp: TopicPartition,
  token: number,
  messages: InboundMessage[],
  end: bigint,
): void {
  const last = messages[messages.length - 1] as InboundMessage;
  const run = { resolvedNext: null as bigint | null, rewound: false };
  const handle = partitionHandle(s, key, tp, token, run);
  const work = s.spec
    .handle(messages, handle)
    .catch((error: unknown) => fail(s, error))
    .finally(() => {
      s.busy.delete(key);
      served(s, key);
      if (s.tokens.get(key) === token && !run.rewound && run.resolvedNext !== null) {
        // Done to the end of the run: past its trailing control records too
        s.positions.set(key, run.resolvedNext > BigInt(last.offset) ? end : run.resolvedNext);
      }
      wake(s);
    });
  s.busy.set(key, work);
}

function partitionHandle(
  s: FetcherState,
  key: string,
  tp: TopicPartition,
  token: number,
  run: { resolvedNext: bigint | null; rewound: boolean },
): PartitionHandle {
  const handle: PartitionHandle = {
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
    },
  };
  return handle;
}
