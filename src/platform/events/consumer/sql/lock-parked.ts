import type { Tx } from "../../../db/prisma-client.js";

/** Takes a parked row for its retry; false when another replica holds it or it is gone. */
export async function lockParked(tx: Tx, id: bigint): Promise<boolean> {
  const rows = await tx.$queryRaw<Array<{ id: bigint }>>`
    SELECT id FROM platform.parked_messages WHERE id = ${id} FOR UPDATE SKIP LOCKED`;
  return rows.length > 0;
}
