import { createConsumerCore } from "../consumer/consumer-core.js";
import type { AnyConsumerDefinition } from "../consumer/definition.js";
import type { MessageProcessor } from "../consumer/message-processor.js";
import type { ParkedScanner } from "../consumer/parked-scanner.js";
import { infrastructureDelayMs, type RetryPolicy } from "../consumer/retry-policy.js";
import { createPollLoop, type PollLoop } from "../poll-loop.js";
import type { Runner } from "../transport/runner.js";
import { type LocalContext, pollRunner } from "./local-context.js";
import { inboundOf, type LogPosition } from "./local-log.js";
import { hasRowsAfter } from "./sql/has-rows-after.js";
import { loadOffset } from "./sql/load-offset.js";
import { readLog } from "./sql/read-committed.js";
import { saveOffset } from "./sql/save-offset.js";
import { TopicPauses } from "./topic-pauses.js";

const DEFAULT_PARKED_SCAN_MS = 250;
const CAUGHT_UP_CHECK_MS = 25;
/** Concurrent key lanes per local consumer group (the local analogue of partitions) */
const LANES = 4;

function laneOf(key: string): number {
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (Math.imul(hash, 31) + key.charCodeAt(i)) | 0;
  return Math.abs(hash) % LANES;
}

/** One local consumer's state: what it was built from and its paused topics. */
interface LocalConsumerState {
  readonly ctx: LocalContext;
  readonly group: string;
  readonly topics: readonly string[];
  readonly processor: MessageProcessor;
  readonly scanner: ParkedScanner;
  readonly policy: RetryPolicy;
  readonly maxMessages: number;
  readonly pauses: TopicPauses;
  /** the last pass saw committed rows held back by the horizon: no signal comes for them (0620) */
  heldBack: boolean;
  running(): boolean;
}

/**
 * A consumer definition on the local log: the runtime's processor and scanner (consumer-core.ts),
 * as on Kafka; the group's topics read in commit order by whichever process holds the group's lock
 * (one reader at a time, like one partition), offsets in platform.consumer_offsets.
 */
export function localConsumer(ctx: LocalContext, def: AnyConsumerDefinition): Runner {
  const core = createConsumerCore(def, {
    ...ctx.deps,
    send: ctx.send,
    parkedScanMs: ctx.deps.tuning?.parkedScanMs ?? DEFAULT_PARKED_SCAN_MS,
  });
  const state: LocalConsumerState = {
    ctx,
    group: def.group,
    topics: core.topics,
    processor: core.processor,
    scanner: core.scanner,
    policy: core.policy,
    maxMessages: core.batch.maxMessages,
    pauses: new TopicPauses(),
    heldBack: false,
    running: () => loop.isRunning(),
  };
  const loop: PollLoop = createPollLoop({
    // A paused topic is read again when its pause ends, not a whole idle sleep later.
    idleMs: () => Math.min(state.heldBack ? ctx.pollMs : ctx.idleMs(), state.pauses.wakeInMs(Date.now())),
    pass: async () => ((await pollOnce(state)) ? "busy" : "idle"),
    onFailure(failures, error) {
      ctx.deps.log.warn({ group: def.group, err: error, failures }, "local log poll failed");
      return infrastructureDelayMs(state.policy, failures);
    },
  });
  return {
    ...pollRunner(ctx, loop, {
      beforeStart: () => state.scanner.start(),
      afterStop: () => state.scanner.stop(),
    }),
    async whenCaughtUp() {
      while (!(await caughtUp(state))) await new Promise((r) => setTimeout(r, CAUGHT_UP_CHECK_MS));
    },
  };
}

/** One pass over the group's topics under the group's lock; true when more rows are likely waiting. */
async function pollOnce(state: LocalConsumerState): Promise<boolean> {
  state.heldBack = false;
  state.pauses.beginPass();
  const locks = state.ctx.groupLocks();
  if (!(await locks.tryAcquire(state.group))) return false;
  try {
    let more = false;
    for (const topic of state.topics) if (await pollTopic(state, topic)) more = true;
    return more;
  } finally {
    await locks.release(state.group);
  }
}

/** One read of a topic from the group's offset; true when the read came back full. */
async function pollTopic(state: LocalConsumerState, topic: string): Promise<boolean> {
  const { db, log } = state.ctx.deps;
  if (state.pauses.skips(topic, Date.now())) return false;
  const from = await loadOffset(db, state.group, topic);
  const readLimit = Math.max(state.maxMessages, LANES);
  const read = await readLog(db, topic, from, readLimit);
  const rows = read.rows;
  if (read.heldBack) state.heldBack = true;
  // Keys are spread over lanes handled concurrently (a lane is what a partition is on Kafka):
  // per-key order holds inside a lane; the offset only moves past the longest prefix of rows that
  // all succeeded, so a failure re-reads (and dedups) the rest.
  const lanes = new Map<number, number[]>();
  rows.forEach((row, index) => {
    const lane = laneOf(row.key);
    lanes.set(lane, [...(lanes.get(lane) ?? []), index]);
  });
  // Each lane is one batch (one scope, one dedup insert), like a partition's batch on Kafka.
  const failures = await Promise.all(
    [...lanes.values()].map(async (indexes) => {
      if (!state.running()) return indexes[0] ?? rows.length;
      const outcome = await state.processor.processBatch(
        indexes.map((index) => inboundOf(rows[index]!)),
        { isRunning: state.running },
      );
      if (outcome.kind === "infrastructure") return indexes[0] ?? rows.length;
      // Stopped part-way: the lane's first unprocessed row bounds the offset.
      return indexes[outcome.results.length] ?? rows.length;
    }),
  );
  const firstFailed = Math.min(rows.length, ...failures);
  const failed = firstFailed < rows.length && state.running();
  if (failed) {
    const pause = state.pauses.fail(topic, Date.now(), (n) => infrastructureDelayMs(state.policy, n));
    log.warn({ group: state.group, topic, ...pause }, "topic paused after infrastructure failure");
  } else if (rows.length > 0) {
    state.pauses.recovered(topic);
  }
  const lastRow = firstFailed > 0 ? rows[firstFailed - 1] : undefined;
  const last: LogPosition | null = lastRow ? { txId: lastRow.tx_id, id: lastRow.id } : null;
  // Offsets are written only after each message's own transaction committed.
  if (last) await saveOffset(db, state.group, topic, last);
  return !failed && rows.length === readLimit;
}

async function caughtUp(state: LocalConsumerState): Promise<boolean> {
  const { db } = state.ctx.deps;
  for (const topic of state.topics) {
    if (await hasRowsAfter(db, topic, await loadOffset(db, state.group, topic))) return false;
  }
  return (await state.scanner.dueCount()) === 0;
}
