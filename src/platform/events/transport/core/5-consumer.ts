import { createConsumerCore } from "../../consumer/consumer-core.js";
import type { AnyConsumerDefinition } from "../../consumer/definition.js";
import type { Runner } from "../runner.js";
import { type Connection, ensureTopics } from "./1-connect.js";
import { supervise } from "./2-supervise.js";
import { handRun } from "./3-hand-batch.js";
import { offsetCommits } from "./4-commit-and-pause.js";
import { type ConsumerState, clearBackoff } from "./consumer-state.js";
import type { TransportContext } from "./context.js";

const DEFAULT_PARKED_SCAN_MS = 500;
/** Partitions of a consumer handled at once (kafkajs' partitionsConsumedConcurrently) */
const PARTITIONS_CONSUMED_CONCURRENTLY = 6;
/** A lower bound of one record size on the wire, to turn maxMessages into fetch minBytes */
const MIN_RECORD_BYTES = 64;
const CAUGHT_UP_CHECK_MS = 50;
/** How long whenCaughtUp tolerates failing offset reads (a broker briefly without metadata) before it throws */
const CAUGHT_UP_ERROR_GRACE_MS = 15_000;

/**
 * Stage 5: a consumer definition as a Runner on Kafka — the runtime's processor and parked-retry
 * scanner (consumer-core.ts), one supervised group member whose fetched runs go through stages 3
 * and 4, and whenCaughtUp over the group's committed offsets.
 */
export function kafkaConsumer(ctx: TransportContext, def: AnyConsumerDefinition): Runner {
  const c = ctx.connection;
  const core = createConsumerCore(def, {
    ...ctx.deps,
    send: ctx.send,
    parkedScanMs: ctx.deps.tuning?.parkedScanMs ?? DEFAULT_PARKED_SCAN_MS,
  });
  const state: ConsumerState = {
    connection: c,
    group: def.group,
    wireGroup: c.names.group(def.group),
    wireTopics: core.topics.map(c.names.topic),
    processor: core.processor,
    scanner: core.scanner,
    policy: core.policy,
    batching: core.batch,
    faults: ctx.deps.tuning?.faults,
    failures: new Map(),
    resumeTimers: new Map(),
    commits: offsetCommits(c, def.group),
    running: false,
  };
  const supervisor = supervise({
    name: def.group,
    log: c.log,
    metrics: ctx.deps.metrics,
    broker: c.broker,
    classify: c.port.classify,
    onRestart: () => clearBackoff(state),
    create: () =>
      c.port.member({
        name: def.group,
        group: state.wireGroup,
        topics: state.wireTopics,
        // The flush deadline is the broker's fetch wait: up to flushMs for about maxMessages records
        // (minBytes is a lower bound of their size), so a sink gets full batches (decision 0032).
        fetch: {
          maxWaitMs: state.batching.flushMs,
          minBytes: def.batch?.flushMs === undefined ? 1 : state.batching.maxMessages * MIN_RECORD_BYTES,
          pipelined: state.processor.batchDepth > 1,
        },
        concurrency: PARTITIONS_CONSUMED_CONCURRENTLY,
        handle: (messages, part) => handRun(state, messages, part),
        onAssigned: () => clearBackoff(state),
        before: () => ensureTopics(c, state.wireTopics),
      }),
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
      await state.commits.flush();
      clearBackoff(state);
      await state.scanner.stop();
      await supervisor.stop();
    },
    status: () => supervisor.status(),
    whenCaughtUp: () => whenCaughtUp(state),
  };
}

/** Whether the group's committed offsets stand at the end of every partition it reads. */
async function behind(c: Connection, state: ConsumerState): Promise<boolean> {
  const committed = await c.port.admin.committed(state.wireGroup, state.wireTopics);
  for (const topic of state.wireTopics)
    for (const p of await c.port.admin.watermarks(topic)) {
      // Negative committed offsets are "none yet" / reset sentinels (-1, -2): start = low.
      const at = BigInt(committed.get(`${topic}:${p.partition}`) ?? "-1");
      const done = at < BigInt(p.low) ? BigInt(p.low) : at;
      if (done < BigInt(p.high)) return true;
    }
  return false;
}

/** Resolves once nothing is left to read and no parked retry is due. */
async function whenCaughtUp(state: ConsumerState): Promise<void> {
  let failingSince: number | null = null;
  for (;;) {
    let late = false;
    try {
      late = await behind(state.connection, state);
      failingSince = null;
    } catch (error) {
      // A moment without partition metadata (a loaded broker) is "not known yet", not an answer;
      // an error that lasts is one.
      failingSince ??= Date.now();
      if (Date.now() - failingSince > CAUGHT_UP_ERROR_GRACE_MS) throw error;
      late = true;
    }
    if (!late && (await state.scanner.dueCount()) === 0) return;
    await new Promise((r) => setTimeout(r, CAUGHT_UP_CHECK_MS));
  }
}
