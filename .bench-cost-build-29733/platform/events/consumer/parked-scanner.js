import { COMMIT_CHANNEL } from "../commit-signals.js";
import { createPollLoop } from "../poll-loop.js";
import { createDueTimer } from "./parked-due-timer.js";
import { DEFAULT_RETRY_POLICY, infrastructureDelayMs } from "./retry-policy.js";
const HEADS_PER_SCAN = 100;
const DAY_MS = 24 * 60 * 60 * 1e3;
const DEDUP_SWEEP_EVERY_MS = 60 * 60 * 1e3;
const DEDUP_DELETE_BATCH = 1e4;
function createParkedScanner(deps) {
  const { def, db, clock } = deps;
  let lastDedupSweep = 0;
  const due = createDueTimer({
    clock,
    pollMs: () => deps.signals?.listening() ? Math.max(deps.intervalMs, deps.fallbackMs) : deps.intervalMs
  });
  const dueHeads = () => selectDueHeads(db, def.group, clock.now());
  const nextDue = () => selectNextDue(db, def.group, clock.now());
  let lastFailure = null;
  async function scanOnce() {
    const heads = await dueHeads();
    let handled = 0;
    for (const head of heads) {
      if (!loop.isRunning()) break;
      const outcome = await deps.processor.retryParked(head);
      if (outcome.kind === "infrastructure") {
        lastFailure = { id: head.id, topic: head.topic, error: outcome.error };
        return "infrastructure";
      }
      handled += 1;
    }
    return handled;
  }
  async function sweepDedup() {
    const now = clock.now().getTime();
    if (now - lastDedupSweep < DEDUP_SWEEP_EVERY_MS) return;
    lastDedupSweep = now;
    await deleteOldMarks(db, def.group, new Date(now - deps.dedupWindowDays * DAY_MS));
  }
  const loop = createPollLoop({
    idleMs: () => due.sleepMs(),
    async pass() {
      due.passBegins();
      try {
        await sweepDedup();
        const result = await scanOnce();
        if (result === "infrastructure") return "failed";
        if (result > 0) return "busy";
        due.passRead(await nextDue());
        return "idle";
      } catch (error) {
        deps.log.warn({ group: def.group, err: error }, "parked scan failed");
        return "failed";
      }
    },
    onFailure: (failures) => {
      logRetryFailure(deps.log, def.group, lastFailure, failures);
      lastFailure = null;
      return infrastructureDelayMs({ ...DEFAULT_RETRY_POLICY, ...def.policy?.retry }, failures);
    }
  });
  let unsubscribe = [];
  return {
    start() {
      if (loop.isRunning()) return;
      loop.start();
      const nudge = () => loop.nudge();
      unsubscribe = [
        // "" = the signal connection came back or was lost: anything may have been missed
        deps.signals?.on(COMMIT_CHANNEL.parked, (group) => {
          if (group === "" || group === def.group) nudge();
        }),
        clock.onJump?.(nudge)
      ].filter((u) => u !== void 0);
    },
    async stop() {
      for (const u of unsubscribe) u();
      unsubscribe = [];
      await loop.stop();
    },
    /** Heads of key queues that are due now (used by whenCaughtUp, which wants them retried now). */
    async dueCount() {
      const count = (await dueHeads()).length;
      if (count > 0) loop.nudge();
      return count;
    },
    wake: () => loop.wake(),
    /** Parked messages were made due (decision 0580): the next pass runs without its idle sleep. */
    nudge: () => loop.nudge(),
    /** A message of this group was parked in this process, due at `at`: the sleep ends by then. */
    dueBy(at) {
      if (due.hint(at)) loop.rearm();
    }
  };
}
function logRetryFailure(log, group, last, failures) {
  if (!last || (failures & failures - 1) !== 0) return;
  log.warn(
    { group, topic: last.topic, parkedId: String(last.id), failures, err: last.error },
    "parked retry could not run"
  );
}
function selectDueHeads(db, group, now) {
  return db.$queryRaw`
    SELECT p.id, p.topic, p.key, p.partition, p."offset" AS "offset", p.value, p.headers, p.attempts
    FROM platform.parked_messages p
    WHERE p.group_id = ${group} AND p.next_attempt_at <= ${now}
      AND NOT EXISTS (
        SELECT 1 FROM platform.parked_messages q
        WHERE q.group_id = p.group_id AND q.topic = p.topic AND q.key = p.key AND q.id < p.id)
    ORDER BY p.id
    LIMIT ${HEADS_PER_SCAN}`;
}
async function selectNextDue(db, group, now) {
  const [row] = await db.$queryRaw`
    SELECT min(next_attempt_at) AS at FROM platform.parked_messages
    WHERE group_id = ${group} AND next_attempt_at > ${now}`;
  return row?.at ?? null;
}
async function deleteOldMarks(db, group, cutoff) {
  for (; ; ) {
    const deleted = await db.$executeRaw`
      DELETE FROM platform.processed_messages WHERE dedup_hash IN (
        SELECT dedup_hash FROM platform.processed_messages
        WHERE group_id = ${group} AND processed_at < ${cutoff} LIMIT ${DEDUP_DELETE_BATCH})`;
    if (deleted < DEDUP_DELETE_BATCH) break;
  }
}
export {
  createParkedScanner
};
//# sourceMappingURL=parked-scanner.js.map
