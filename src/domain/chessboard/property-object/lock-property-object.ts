import type { Tx } from "../../../platform/db/prisma-client.js";
import type { RawTx } from "../../../platform/db/raw-tx.js";
import type { PropertyObjectRow } from "./property-object.row.js";

/**
 * Loads the object with a row lock: every writer of one object (booking consumer, hold worker,
 * staff mutations) serialises here, so versions and outbox order follow commit order.
 */
/**
 * Locks every object of a consumer batch up front, in id order, in one statement (decision 0524):
 * two members' batches that meet the same objects then wait for each other instead of deadlocking
 * (each handler's own lockPropertyObject is then a lock its transaction already holds).
 */
export async function lockPropertyObjects(tx: RawTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.$queryRaw`
    SELECT id FROM chessboard.property_objects WHERE id = ANY(${[...ids]}::uuid[]) ORDER BY id FOR UPDATE`;
}

export async function lockPropertyObject(tx: Tx, id: string): Promise<PropertyObjectRow | null> {
  const locked = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM chessboard.property_objects WHERE id = ${id}::uuid FOR UPDATE`;
  if (locked.length === 0) return null;
  return tx.chessboardPropertyObject.findUnique({ where: { id } });
}
