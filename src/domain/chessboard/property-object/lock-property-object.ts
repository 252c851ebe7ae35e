import type { Tx } from "../../../platform/db/prisma-client.js";
import type { PropertyObjectRow } from "./property-object.row.js";

/**
 * Loads the object with a row lock: every writer of one object (booking consumer, hold worker,
 * staff mutations) serialises here, so versions and outbox order follow commit order.
 */
export async function lockPropertyObject(tx: Tx, id: string): Promise<PropertyObjectRow | null> {
  const locked = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM chessboard.property_objects WHERE id = ${id}::uuid FOR UPDATE`;
  if (locked.length === 0) return null;
  return tx.chessboardPropertyObject.findUnique({ where: { id } });
}
