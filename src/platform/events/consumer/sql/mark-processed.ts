import type { Tx } from "../../../db/prisma-client.js";

/** One set-based dedup insert for a batch; returns the keys that were new. */
export async function markProcessed(
  tx: Tx,
  group: string,
  keys: readonly string[],
  now: Date,
): Promise<ReadonlySet<string>> {
  if (keys.length === 0) return new Set();
  const rows = await tx.$queryRaw<Array<{ dedup_key: string }>>`
    INSERT INTO platform.processed_messages (dedup_key, group_id, processed_at)
    SELECT k, ${group}, ${now} FROM unnest(${keys as string[]}::text[]) AS k
    ON CONFLICT (dedup_key) DO NOTHING
    RETURNING dedup_key`;
  return new Set(rows.map((r) => r.dedup_key));
}
