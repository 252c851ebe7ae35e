import type { Db, Tx } from "../../../db/prisma-client.js";

/** A parked message failed again: count the failure and set its next retry. */
export async function rescheduleParked(
  runner: Db | Tx,
  id: bigint,
  attempts: number,
  nextAttemptAt: Date,
  errorCode: string,
  error: string,
): Promise<void> {
  await runner.$executeRaw`
    UPDATE platform.parked_messages
    SET attempts = ${attempts}, next_attempt_at = ${nextAttemptAt},
        last_error_code = ${errorCode}, last_error = ${error}
    WHERE id = ${id}`;
}
