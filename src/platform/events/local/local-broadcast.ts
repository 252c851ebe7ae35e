import { createPollLoop } from "../poll-loop.js";
import { toListener } from "../transport/core/6-broadcast.js";
import type { BroadcastOptions, Runner } from "../transport/runner.js";
import { type LocalContext, pollRunner } from "./local-context.js";
import { inboundOf, type LogPosition } from "./local-log.js";
import { latestPosition } from "./sql/latest-position.js";
import { readLog } from "./sql/read-committed.js";

const BATCH_SIZE = 200;

/**
 * A broadcast on the local log: every process reads every topic from where it stood at start(),
 * in commit order, each message to the listener as on Kafka (the core's toListener).
 */
export function localBroadcast(ctx: LocalContext, opts: BroadcastOptions): Runner {
  const { db, log } = ctx.deps;
  const positions = new Map<string, LogPosition>();
  /** the last pass saw committed rows held back by the horizon: no signal comes for them (0620) */
  let heldBack = false;
  const loop = createPollLoop({
    idleMs: () => (heldBack ? ctx.pollMs : ctx.idleMs()),
    async pass() {
      let more = false;
      heldBack = false;
      for (const topic of opts.topics) {
        const from = positions.get(topic) ?? (await latestPosition(db, topic));
        const read = await readLog(db, topic, from, BATCH_SIZE);
        const rows = read.rows;
        if (read.heldBack) heldBack = true;
        for (const row of rows) {
          await toListener(log, opts, inboundOf(row));
          positions.set(topic, { txId: row.tx_id, id: row.id });
        }
        if (!positions.has(topic)) positions.set(topic, from);
        if (rows.length === BATCH_SIZE) more = true;
      }
      return more ? "busy" : "idle";
    },
    onFailure(_failures, error) {
      log.warn({ broadcast: opts.name, err: error }, "broadcast poll failed");
      return ctx.pollMs * 10;
    },
  });
  // The starting point is fixed at start(): later events are delivered, earlier ones not.
  return pollRunner(ctx, loop, {
    async beforeStart() {
      for (const topic of opts.topics) positions.set(topic, await latestPosition(db, topic));
    },
  });
}
