import type { Tx } from "../../../db/prisma-client.js";

export interface MarkCandidate {
  readonly dedupKey: string;
  readonly topic: string;
  readonly key: string;
}

export interface MarkUnlessParked {
  /** dedup keys marked now (not seen before, key not parked) */
  readonly fresh: ReadonlySet<string>;
  /** `${topic}\u0000${key}` pairs with a parked message in the group: none of theirs is marked */
  readonly parked: ReadonlySet<string>;
}

/**
 * The batch's first statement in the PostgreSQL scope (decision 0035): which (topic, key) pairs
 * have a parked message in the group, and the set-based dedup insert of every other message, in
 * one round trip. Same effect as parked-keys then mark-processed inside the transaction.
 */
export async function markUnlessParked(
  tx: Tx,
  group: string,
  items: readonly MarkCandidate[],
  now: Date,
): Promise<MarkUnlessParked> {
  if (items.length === 0) return { fresh: new Set(), parked: new Set() };
  const rows = await tx.$queryRaw<
    Array<{ dedup_key: string | null; topic: string | null; key: string | null }>
  >`
    WITH w AS (
      SELECT * FROM unnest(${items.map((i) => i.dedupKey)}::text[], ${items.map((i) => i.topic)}::text[],
                           ${items.map((i) => i.key)}::text[]) AS w(dedup_key, topic, key)
    ), parked AS (
      SELECT DISTINCT p.topic, p.key FROM platform.parked_messages p
      JOIN (SELECT DISTINCT topic, key FROM w) AS k ON p.topic = k.topic AND p.key = k.key
      WHERE p.group_id = ${group}
    ), marked AS (
      INSERT INTO platform.processed_messages (dedup_key, group_id, processed_at)
      SELECT w.dedup_key, ${group}, ${now} FROM w
      WHERE NOT EXISTS (SELECT 1 FROM parked WHERE parked.topic = w.topic AND parked.key = w.key)
      ON CONFLICT (dedup_key) DO NOTHING
      RETURNING dedup_key
    )
    SELECT dedup_key, NULL AS topic, NULL AS key FROM marked
    UNION ALL
    SELECT NULL, topic, key FROM parked`;
  const fresh = new Set<string>();
  const parked = new Set<string>();
  for (const r of rows) {
    if (r.dedup_key !== null) fresh.add(r.dedup_key);
    else parked.add(`${r.topic}\u0000${r.key}`);
  }
  return { fresh, parked };
}
