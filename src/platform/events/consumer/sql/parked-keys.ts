import type { SqlRunner } from "../../../db/sql-runner.js";

/**
 * Up to this many distinct parked (topic, key) pairs of a group are read whole and matched in
 * memory; past it the batch's pairs are sent to the database instead (decision 0210).
 */
export const PARKED_PAIRS_READ_WHOLE = 1_000;

const ALL_PAIRS = `SELECT p.topic, p.key FROM platform.parked_messages p WHERE p.group_id = $1
  GROUP BY p.topic, p.key LIMIT ${PARKED_PAIRS_READ_WHOLE + 1}`;
const PAIRS_AMONG = `SELECT DISTINCT p.topic, p.key FROM platform.parked_messages p
  JOIN unnest($2::text[], $3::text[]) AS w(topic, key) ON p.topic = w.topic AND p.key = w.key
  WHERE p.group_id = $1`;

/**
 * Which of these (topic, key) pairs have a parked message in the group: `${topic}\u0000${key}`.
 *
 * Why two statements: sending a batch's 1,000 pairs as two text[] parameters costs ≈ 14 ms a
 * batch through Prisma (parameter encoding, not the join). A group normally has few parked keys
 * (none most of the time), so the first statement reads them all (index-only on
 * parked_messages_key_idx, ≈ 1 ms); only a group with more than PARKED_PAIRS_READ_WHOLE of them
 * (a dimension gap, an outage) pays for the join.
 */
export async function parkedKeys(
  runner: SqlRunner,
  group: string,
  pairs: ReadonlyArray<{ topic: string; key: string }>,
): Promise<ReadonlySet<string>> {
  return (await parkedKeysOfGroup(runner, group, pairs)).held;
}

/** parkedKeys, and whether the group had any parked message at all (decision 0627's re-drive skip). */
export async function parkedKeysOfGroup(
  runner: SqlRunner,
  group: string,
  pairs: ReadonlyArray<{ topic: string; key: string }>,
): Promise<{ readonly held: ReadonlySet<string>; readonly groupHadParked: boolean }> {
  if (pairs.length === 0) return { held: new Set(), groupHadParked: true };
  const all = await runner.rows<{ topic: string; key: string }>(ALL_PAIRS, [group]);
  if (all.length === 0) return { held: new Set(), groupHadParked: false };
  if (all.length <= PARKED_PAIRS_READ_WHOLE) {
    const parked = new Set(all.map((r) => `${r.topic}\u0000${r.key}`));
    const found = new Set<string>();
    for (const x of pairs) {
      const pair = `${x.topic}\u0000${x.key}`;
      if (parked.has(pair)) found.add(pair);
    }
    return { held: found, groupHadParked: true };
  }
  const rows = await runner.rows<{ topic: string; key: string }>(PAIRS_AMONG, [
    group,
    pairs.map((x) => x.topic),
    pairs.map((x) => x.key),
  ]);
  return { held: new Set(rows.map((r) => `${r.topic}\u0000${r.key}`)), groupHadParked: true };
}
