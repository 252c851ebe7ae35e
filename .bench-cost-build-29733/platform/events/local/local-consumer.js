import { createConsumerCore } from "../consumer/consumer-core.js";
import { infrastructureDelayMs } from "../consumer/retry-policy.js";
import { createPollLoop } from "../poll-loop.js";
import { pollRunner } from "./local-context.js";
import { inboundOf } from "./local-log.js";
import { hasRowsAfter } from "./sql/has-rows-after.js";
import { loadOffset } from "./sql/load-offset.js";
import { readLog } from "./sql/read-committed.js";
import { saveOffset } from "./sql/save-offset.js";
const DEFAULT_PARKED_SCAN_MS = 250;
const CAUGHT_UP_CHECK_MS = 25;
const LANES = 4;
function laneOf(key) {
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash, 31) + key.charCodeAt(i) | 0;
  return Math.abs(hash) % LANES;
}
function localConsumer(ctx, def) {
  const core = createConsumerCore(def, {
    ...ctx.deps,
    send: ctx.send,
    parkedScanMs: ctx.deps.tuning?.parkedScanMs ?? DEFAULT_PARKED_SCAN_MS
  });
  const state = {
    ctx,
    group: def.group,
    topics: core.topics,
    processor: core.processor,
    scanner: core.scanner,
    policy: core.policy,
    maxMessages: core.batch.maxMessages,
    backoff: /* @__PURE__ */ new Map(),
    heldBack: false,
    running: () => loop.isRunning()
  };
  const untilNextResume = () => {
    const now = Date.now();
    let soonest = Number.POSITIVE_INFINITY;
    for (const { until } of state.backoff.values()) if (until > now) soonest = Math.min(soonest, until - now);
    return soonest;
  };
  const loop = createPollLoop({
    idleMs: () => Math.min(state.heldBack ? ctx.pollMs : ctx.idleMs(), untilNextResume()),
    pass: async () => await pollOnce(state) ? "busy" : "idle",
    onFailure(failures, error) {
      ctx.deps.log.warn({ group: def.group, err: error, failures }, "local log poll failed");
      return infrastructureDelayMs(state.policy, failures);
    }
  });
  return {
    ...pollRunner(ctx, loop, {
      beforeStart: () => state.scanner.start(),
      afterStop: () => state.scanner.stop()
    }),
    async whenCaughtUp() {
      while (!await caughtUp(state)) await new Promise((r) => setTimeout(r, CAUGHT_UP_CHECK_MS));
    }
  };
}
async function pollOnce(state) {
  state.heldBack = false;
  const locks = state.ctx.groupLocks();
  if (!await locks.tryAcquire(state.group)) return false;
  try {
    let more = false;
    for (const topic of state.topics) if (await pollTopic(state, topic)) more = true;
    return more;
  } finally {
    await locks.release(state.group);
  }
}
async function pollTopic(state, topic) {
  const { db, log } = state.ctx.deps;
  const paused = state.backoff.get(topic);
  if (paused && paused.until > Date.now()) return false;
  const from = await loadOffset(db, state.group, topic);
  const readLimit = Math.max(state.maxMessages, LANES);
  const read = await readLog(db, topic, from, readLimit);
  const rows = read.rows;
  if (read.heldBack) state.heldBack = true;
  const lanes = /* @__PURE__ */ new Map();
  rows.forEach((row, index) => {
    const lane = laneOf(row.key);
    lanes.set(lane, [...lanes.get(lane) ?? [], index]);
  });
  const failures = await Promise.all(
    [...lanes.values()].map(async (indexes) => {
      if (!state.running()) return indexes[0] ?? rows.length;
      const outcome = await state.processor.processBatch(
        indexes.map((index) => inboundOf(rows[index])),
        { isRunning: state.running }
      );
      if (outcome.kind === "infrastructure") return indexes[0] ?? rows.length;
      return indexes[outcome.results.length] ?? rows.length;
    })
  );
  const firstFailed = Math.min(rows.length, ...failures);
  const failed = firstFailed < rows.length && state.running();
  if (failed) {
    const n = (state.backoff.get(topic)?.failures ?? 0) + 1;
    const delay = infrastructureDelayMs(state.policy, n);
    state.backoff.set(topic, { failures: n, until: Date.now() + delay });
    log.warn(
      { group: state.group, topic, failures: n, delayMs: delay },
      "topic paused after infrastructure failure"
    );
  } else if (rows.length > 0) {
    state.backoff.delete(topic);
  }
  const lastRow = firstFailed > 0 ? rows[firstFailed - 1] : void 0;
  const last = lastRow ? { txId: lastRow.tx_id, id: lastRow.id } : null;
  if (last) await saveOffset(db, state.group, topic, last);
  return !failed && rows.length === readLimit;
}
async function caughtUp(state) {
  const { db } = state.ctx.deps;
  for (const topic of state.topics) {
    if (await hasRowsAfter(db, topic, await loadOffset(db, state.group, topic))) return false;
  }
  return await state.scanner.dueCount() === 0;
}
export {
  localConsumer
};
//# sourceMappingURL=local-consumer.js.map
