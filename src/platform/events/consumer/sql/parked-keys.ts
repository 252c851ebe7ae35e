import type { Db } from "../../../db/prisma-client.js";

/** Which of these (topic, key) pairs have a parked message in the group: `${topic}\u0000${key}`. */
export async function parkedKeys(
  db: Db,
  group: string,
  pairs: ReadonlyArray<{ topic: string; key: string }>,
): Promise<ReadonlySet<string>> {
  if (pairs.length === 0) return new Set();
  const rows = await db.$queryRaw<Array<{ topic: string; key: string }>>`
    SELECT DISTINCT p.topic, p.key FROM platform.parked_messages p
    JOIN unnest(${pairs.map((x) => x.topic)}::text[], ${pairs.map((x) => x.key)}::text[]) AS w(topic, key)
      ON p.topic = w.topic AND p.key = w.key
    WHERE p.group_id = ${group}`;
  return new Set(rows.map((r) => `${r.topic}\u0000${r.key}`));
}
