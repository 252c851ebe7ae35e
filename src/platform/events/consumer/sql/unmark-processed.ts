import type { Tx } from "../../../db/prisma-client.js";

/** Takes back the dedup marks of messages whose handler failed in this batch. */
export async function unmarkProcessed(tx: Tx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.$executeRaw`
    DELETE FROM platform.processed_messages WHERE dedup_key = ANY(${keys as string[]}::text[])`;
}
