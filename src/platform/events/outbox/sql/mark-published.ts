import type { Tx } from "../../../db/prisma-client.js";

/** Marks the published rows, in the transaction that claimed them. */
export async function markPublished(tx: Tx, ids: readonly bigint[], at: Date): Promise<void> {
  await tx.$executeRaw`
    UPDATE platform.outbox SET published_at = ${at}
    WHERE id = ANY(${ids}::bigint[])`;
}
