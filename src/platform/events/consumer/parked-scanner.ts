import type { Clock } from "../../clock/clock.js";
import type { Db } from "../../db/prisma-client.js";
import type { Logger } from "../../log/logger.js";
import { COMMIT_CHANNEL, type CommitSignals } from "../commit-signals.js";
import { createPollLoop, type PollLoop } from "../poll-loop.js";
import type { AnyConsumerDefinition } from "./definition.js";
import type { MessageProcessor, ParkedRow } from "./message-processor.js";
import { createDueTimer } from "./parked-due-timer.js";
import { DEFAULT_RETRY_POLICY, infrastructureDelayMs } from "./retry-policy.js";

const HEADS_PER_SCAN = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
const DEDUP_SWEEP_EVERY_MS = 60 * 60 * 1000;
const DEDUP_DELETE_BATCH = 10_000;

export interface ParkedScannerDeps {
  def: AnyConsumerDefinition;
  db: Db;
  log: Logger;
  clock: Clock;
  processor: MessageProcessor;
  /** The poll while no commit signal can wake the scanner (signals off or their connection down) */
  intervalMs: number;
  /** The safety poll while the signals listen (PIN_COMMIT_SIGNAL_FALLBACK_MS, decision 0613) */
  fallbackMs: number;
  /** `pin_parked` wake-ups: a message of this group parked or made due in any process */
  signals?: CommitSignals;
  dedupWindowDays: number;
}

/**
 * Retries parked messages of one group. Only the head (lowest id) of each (topic, key) queue is
 * eligible, so a key's later messages never overtake its parked one; other keys are unaffected.
 * Several replicas may scan: a head is taken with FOR UPDATE SKIP LOCKED inside its retry
 * transaction, so exactly one of them runs it.
 *
 * Event-driven (decision 0613): after a pass that found nothing due it sleeps until the group's
 * earliest future retry (`next_attempt_at`), woken earlier by a message parked in this process
 * (`dueBy`), a `pin_parked` NOTIFY (a row of the group parked or made due in any process, e.g. a
 * re-drive, decision 0580), a jump of a hand-moved clock, or `whenCaughtUp`. Its poll is only the
 * fallback: `fallbackMs` while the signals listen, `intervalMs` while they cannot.
 */
export function createParkedScanner(deps: ParkedScannerDeps) {
  const { def, db, clock } = deps;
  let lastDedupSweep = 0;
  const due = createDueTimer({
    clock,
    pollMs: () => (deps.signals?.listening() ? Math.max(deps.intervalMs, deps.fallbackMs) : deps.intervalMs),
  });

  const dueHeads = () => selectDueHeads(db, def.group, clock.now());
  const nextDue = () => selectNextDue(db, def.group, clock.now());

  /** the parked row whose retry failed on infrastructure in the last pass (logged by onFailure) */
  let lastFailure: { id: bigint; topic: string; error: unknown } | null = null;

  /** Retries every due head once; returns how many were handled, or "infrastructure". */
  async function scanOnce(): Promise<number | "infrastructure"> {
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

  async function sweepDedup(): Promise<void> {
    const now = clock.now().getTime();
    if (now - lastDedupSweep < DEDUP_SWEEP_EVERY_MS) return;
    lastDedupSweep = now;
    await deleteOldMarks(db, def.group, new Date(now - deps.dedupWindowDays * DAY_MS));
  }

  const loop: PollLoop = createPollLoop({
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
    },
  });

  let unsubscribe: Array<() => void> = [];
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
        clock.onJump?.(nudge),
      ].filter((u) => u !== undefined);
    },
    async stop() {
      for (const u of unsubscribe) u();
      unsubscribe = [];
      await loop.stop();
    },
    /** Heads of key queues that are due now (used by whenCaughtUp, which wants them retried now). */
    async dueCount(): Promise<number> {
      const count = (await dueHeads()).length;
      if (count > 0) loop.nudge();
      return count;
    },
    wake: () => loop.wake(),
    /** Parked messages were made due (decision 0580): the next pass runs without its idle sleep. */
    nudge: () => loop.nudge(),
    /** A message of this group was parked in this process, due at `at`: the sleep ends by then. */
    dueBy(at: Date): void {
      if (due.hint(at)) loop.rearm();
    },
  };
}

export type ParkedScanner = ReturnType<typeof createParkedScanner>;

/**
 * A retry that cannot run (its transaction timed out, the database is gone) must not fail silently
 * pass after pass: one line on the first failure and at every power of two after it.
 */
function logRetryFailure(
  log: Logger,
  group: string,
  last: { id: bigint; topic: string; error: unknown } | null,
  failures: number,
): void {
  if (!last || (failures & (failures - 1)) !== 0) return;
  log.warn(
    { group, topic: last.topic, parkedId: String(last.id), failures, err: last.error },
    "parked retry could not run",
  );
}

/** The due heads of the group's key queues (a key's lowest parked id), oldest first. */
function selectDueHeads(db: Db, group: string, now: Date): Promise<ParkedRow[]> {
  return db.$queryRaw<ParkedRow[]>`
    SELECT p.id, p.topic, p.key, p.partition, p."offset" AS "offset", p.value, p.headers, p.attempts
    FROM platform.parked_messages p
    WHERE p.group_id = ${group} AND p.next_attempt_at <= ${now}
      AND NOT EXISTS (
        SELECT 1 FROM platform.parked_messages q
        WHERE q.group_id = p.group_id AND q.topic = p.topic AND q.key = p.key AND q.id < p.id)
    ORDER BY p.id
    LIMIT ${HEADS_PER_SCAN}`;
}

/** The group's earliest retry still to come (parked_messages_due_idx), or null. */
async function selectNextDue(db: Db, group: string, now: Date): Promise<Date | null> {
  const [row] = await db.$queryRaw<Array<{ at: Date | null }>>`
    SELECT min(next_attempt_at) AS at FROM platform.parked_messages
    WHERE group_id = ${group} AND next_attempt_at > ${now}`;
  return row?.at ?? null;
}

/** Deletes the group's dedup marks older than `cutoff`, in batches. */
async function deleteOldMarks(db: Db, group: string, cutoff: Date): Promise<void> {
  for (;;) {
    const deleted = await db.$executeRaw`
      DELETE FROM platform.processed_messages WHERE dedup_hash IN (
        SELECT dedup_hash FROM platform.processed_messages
        WHERE group_id = ${group} AND processed_at < ${cutoff} LIMIT ${DEDUP_DELETE_BATCH})`;
    if (deleted < DEDUP_DELETE_BATCH) break;
  }
}
