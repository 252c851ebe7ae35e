import type { Db, Tx } from "../../../db/prisma-client.js";

/** Removes a parked message (retried successfully, dead-lettered, skipped or not handled). */
export async function unpark(runner: Db | Tx, id: bigint): Promise<void> {
  await runner.$executeRaw`DELETE FROM platform.parked_messages WHERE id = ${id}`;
}
