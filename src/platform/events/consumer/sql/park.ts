import type { SqlRunner } from "../../../db/sql-runner.js";
import type { InboundMessage } from "../../wire.js";

export interface ParkInput {
  group: string;
  message: InboundMessage;
  /** failures so far (0 = parked behind an earlier message of its key) */
  attempts: number;
  nextAttemptAt: Date;
  errorCode: string | null;
  error: string | null;
  /** What else it may wait for (decision 0580): re-driven when a message with this key is handled */
  waitKey: string | null;
  now: Date;
}

const PARK = `INSERT INTO platform.parked_messages
  (group_id, topic, key, partition, "offset", value, headers, attempts, next_attempt_at,
   last_error_code, last_error, parked_at, wait_key)
VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12, $13)`;

/** Parks a message: its key's later messages queue behind it until it is retried. */
export async function park(runner: SqlRunner, p: ParkInput): Promise<void> {
  const m = p.message;
  await runner.execute(PARK, [
    p.group,
    m.topic,
    m.key,
    m.partition,
    m.offset,
    m.value,
    JSON.stringify(m.headers),
    p.attempts,
    p.nextAttemptAt,
    p.errorCode,
    p.error,
    p.now,
    p.waitKey,
  ]);
}
