import type { SqlRunner } from "../../../db/sql-runner.js";

/** Removes a parked message (retried successfully, dead-lettered, skipped or not handled). */
export async function unpark(runner: SqlRunner, id: bigint): Promise<void> {
  await runner.execute("DELETE FROM platform.parked_messages WHERE id = $1", [id]);
}
