import type { Clock } from "../../clock/clock.js";
import type { Db } from "../../db/prisma-client.js";
import type { Logger } from "../../log/logger.js";
import { createPollLoop, type PollLoop } from "../poll-loop.js";
import type { AnyConsumerDefinition } from "./definition.js";
import type { MessageProcessor, ParkedRow } from "./message-processor.js";
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
  intervalMs: number;
  dedupWindowDays: number;
}

/**
 * Retries parked messages of one group. Only the head (lowest id) of each (topic, key) queue is
 * eligible, so a key's later messages never overtake its parked one; other keys are unaffected.
 * Several replicas may scan: a head is taken with FOR UPDATE SKIP LOCKED inside its retry
 * transaction, so exactly one of them runs it.
 */
export function createParkedScanner(deps: ParkedScannerDeps) {
  const { def, db, clock } = deps;
  let lastDedupSweep = 0;

  async function dueHeads(): Promise<ParkedRow[]> {
    return db.$queryRaw<ParkedRow[]>`
      SELECT p.id, p.topic, p.key, p.partition, p."offset" AS "offset", p.value, p.headers, p.attempts
      FROM platform.parked_messages p
      WHERE p.group_id = ${def.group} AND p.next_attempt_at <= ${clock.now()}
        AND NOT EXISTS (
          SELECT 1 FROM platform.parked_messages q
          WHERE q.group_id = p.group_id AND q.topic = p.topic AND q.key = p.key AND q.id < p.id)
      ORDER BY p.id
      LIMIT ${HEADS_PER_SCAN}`;
  }

  /** Retries every due head once; returns how many were handled, or "infrastructure". */
  async function scanOnce(): Promise<number | "infrastructure"> {
    const heads = await dueHeads();
    let handled = 0;
    for (const head of heads) {
      if (!loop.isRunning()) break;
      const outcome = await deps.processor.retryParked(head);
      if (outcome.kind === "infrastructure") return "infrastructure";
      handled += 1;
    }
    return handled;
  }

  async function sweepDedup(): Promise<void> {
    const now = clock.now().getTime();
    if (now - lastDedupSweep < DEDUP_SWEEP_EVERY_MS) return;
    lastDedupSweep = now;
    const cutoff = new Date(now - deps.dedupWindowDays * DAY_MS);
    for (;;) {
      const deleted = await db.$executeRaw`
        DELETE FROM platform.processed_messages WHERE dedup_hash IN (
          SELECT dedup_hash FROM platform.processed_messages
          WHERE group_id = ${def.group} AND processed_at < ${cutoff} LIMIT ${DEDUP_DELETE_BATCH})`;
      if (deleted < DEDUP_DELETE_BATCH) break;
    }
  }

  const loop: PollLoop = createPollLoop({
    idleMs: deps.intervalMs,
    async pass() {
      try {
        await sweepDedup();
        const result = await scanOnce();
        if (result === "infrastructure") return "failed";
        return result === 0 ? "idle" : "busy";
      } catch (error) {
        deps.log.warn({ group: def.group, err: error }, "parked scan failed");
        return "failed";
      }
    },
    onFailure: (failures) =>
      infrastructureDelayMs({ ...DEFAULT_RETRY_POLICY, ...def.policy?.retry }, failures),
  });

  return {
    start: () => loop.start(),
    stop: () => loop.stop(),
    /** Heads of key queues that are due now (used by whenCaughtUp). */
    async dueCount(): Promise<number> {
      return (await dueHeads()).length;
    },
    wake: () => loop.wake(),
    /** Parked messages were made due (decision 0580): the next pass runs without its idle sleep. */
    nudge: () => loop.nudge(),
  };
}

export type ParkedScanner = ReturnType<typeof createParkedScanner>;
