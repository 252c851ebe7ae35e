import type { Db } from "../../../db/prisma-client.js";

/**
 * Up to this many distinct parked (topic, key) pairs of a group are read whole and matched in
 * memory; past it the batch's pairs are sent to the database instead (decision 0210).
 */
export const PARKED_PAIRS_READ_WHOLE = 1_000;

/**
 * Which of these (topic, key) pairs have a parked message in the group: `${topic}\u0000${key}`.
 *
 * Why two statements: sending a batch's 1,000 pairs as two text[] parameters through Prisma
 * costs ≈ 14 ms a batch (parameter encoding, not the join), more than a ClickHouse insert of
 * the same batch. A group normally has few parked keys (none most of the time), so the first
 * statement reads them all (index-only on parked_messages_key_idx, ≈ 1 ms); only a group with
 * more than PARKED_PAIRS_READ_WHOLE of them (a dimension gap, an outage) pays for the join.
 */
export async function parkedKeys(
  db: Db,
  group: string,
  pairs: ReadonlyArray<{ topic: string; key: string }>,
): Promise<ReadonlySet<string>> {
  if (pairs.length === 0) return new Set();
  const all = await db.$queryRaw<Array<{ topic: string; key: string }>>`
    SELECT p.topic, p.key FROM platform.parked_messages p WHERE p.group_id = ${group}
    GROUP BY p.topic, p.key LIMIT ${PARKED_PAIRS_READ_WHOLE + 1}`;
  if (all.length === 0) return new Set();
  if (all.length <= PARKED_PAIRS_READ_WHOLE) {
    const parked = new Set(all.map((r) => `${r.topic}\u0000${r.key}`));
    const found = new Set<string>();
    for (const x of pairs) {
      const pair = `${x.topic}\u0000${x.key}`;
      if (parked.has(pair)) found.add(pair);
    }
    return found;
  }
  const rows = await db.$queryRaw<Array<{ topic: string; key: string }>>`
    SELECT DISTINCT p.topic, p.key FROM platform.parked_messages p
    JOIN unnest(${pairs.map((x) => x.topic)}::text[], ${pairs.map((x) => x.key)}::text[]) AS w(topic, key)
      ON p.topic = w.topic AND p.key = w.key
    WHERE p.group_id = ${group}`;
  return new Set(rows.map((r) => `${r.topic}\u0000${r.key}`));
}
