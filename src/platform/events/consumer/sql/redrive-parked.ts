import type { SqlRunner } from "../../../db/sql-runner.js";

/**
 * The group's parked messages that wait for one of these wait keys and are not due yet: due now
 * (decision 0580). The failure that parked them is handed back (attempts − 1, never below 1: a
 * retry is never taken for a first delivery), so a re-driven attempt that fails again lands on
 * the step of the schedule it was on and does not bring the DLQ nearer: only the timer's retries
 * use the schedule up. Returns how many rows were re-driven.
 *
 * A row locked by its retry in progress is skipped (SKIP LOCKED): that retry waits for the
 * object's lock and reads what this batch committed; waiting for it here instead would deadlock a
 * parked retry that re-drives (it holds the object, the other holds its row).
 */
const REDRIVE = `UPDATE platform.parked_messages
  SET next_attempt_at = $3, attempts = CASE WHEN attempts > 1 THEN attempts - 1 ELSE attempts END
  WHERE id IN (
    SELECT id FROM platform.parked_messages
    WHERE group_id = $1 AND wait_key = ANY($2::text[]) AND next_attempt_at > $3
    FOR UPDATE SKIP LOCKED)`;

export async function redriveParked(
  runner: SqlRunner,
  group: string,
  waitKeys: readonly string[],
  now: Date,
): Promise<number> {
  if (waitKeys.length === 0) return 0;
  return runner.execute(REDRIVE, [group, waitKeys, now]);
}
