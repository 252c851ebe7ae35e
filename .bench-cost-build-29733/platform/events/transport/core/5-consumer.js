import { createConsumerCore } from "../../consumer/consumer-core.js";
import { ensureTopics } from "./1-connect.js";
import { supervise } from "./2-supervise.js";
import { handRun } from "./3-hand-batch.js";
import { clearBackoff } from "./consumer-state.js";
const DEFAULT_PARKED_SCAN_MS = 500;
const PARTITIONS_CONSUMED_CONCURRENTLY = 6;
const MIN_RECORD_BYTES = 64;
const CAUGHT_UP_CHECK_MS = 50;
const CAUGHT_UP_ERROR_GRACE_MS = 15e3;
function kafkaConsumer(ctx, def) {
  const c = ctx.connection;
  const core = createConsumerCore(def, {
    ...ctx.deps,
    send: ctx.send,
    parkedScanMs: ctx.deps.tuning?.parkedScanMs ?? DEFAULT_PARKED_SCAN_MS
  });
  const state = {
    connection: c,
    group: def.group,
    wireGroup: c.names.group(def.group),
    wireTopics: core.topics.map(c.names.topic),
    processor: core.processor,
    scanner: core.scanner,
    policy: core.policy,
    batching: core.batch,
    faults: ctx.deps.tuning?.faults,
    failures: /* @__PURE__ */ new Map(),
    resumeTimers: /* @__PURE__ */ new Map(),
    running: false
  };
  const supervisor = supervise({
    name: def.group,
    log: c.log,
    metrics: ctx.deps.metrics,
    broker: c.broker,
    classify: c.port.classify,
    onRestart: () => clearBackoff(state),
    create: () => c.port.member({
      name: def.group,
      group: state.wireGroup,
      topics: state.wireTopics,
      // The flush deadline is the broker's fetch wait: up to flushMs for about maxMessages records
      // (minBytes is a lower bound of their size), so a sink gets full batches (decision 0032).
      fetch: {
        maxWaitMs: state.batching.flushMs,
        minBytes: def.batch?.flushMs === void 0 ? 1 : state.batching.maxMessages * MIN_RECORD_BYTES,
        pipelined: state.processor.batchDepth > 1
      },
      concurrency: PARTITIONS_CONSUMED_CONCURRENTLY,
      handle: (messages, part) => handRun(state, messages, part),
      onAssigned: () => clearBackoff(state),
      before: () => ensureTopics(c, state.wireTopics)
    })
  });
  return {
    async start() {
      if (state.running) return;
      state.running = true;
      await supervisor.start();
      state.scanner.start();
    },
    async stop() {
      if (!state.running) return;
      state.running = false;
      clearBackoff(state);
      await state.scanner.stop();
      await supervisor.stop();
    },
    status: () => supervisor.status(),
    whenCaughtUp: () => whenCaughtUp(state)
  };
}
async function behind(c, state) {
  const committed = await c.port.admin.committed(state.wireGroup, state.wireTopics);
  for (const topic of state.wireTopics)
    for (const p of await c.port.admin.watermarks(topic)) {
      const at = BigInt(committed.get(`${topic}:${p.partition}`) ?? "-1");
      const done = at < BigInt(p.low) ? BigInt(p.low) : at;
      if (done < BigInt(p.high)) return true;
    }
  return false;
}
async function whenCaughtUp(state) {
  let failingSince = null;
  for (; ; ) {
    let late = false;
    try {
      late = await behind(state.connection, state);
      failingSince = null;
    } catch (error) {
      failingSince ??= Date.now();
      if (Date.now() - failingSince > CAUGHT_UP_ERROR_GRACE_MS) throw error;
      late = true;
    }
    if (!late && await state.scanner.dueCount() === 0) return;
    await new Promise((r) => setTimeout(r, CAUGHT_UP_CHECK_MS));
  }
}
export {
  kafkaConsumer
};
//# sourceMappingURL=5-consumer.js.map
