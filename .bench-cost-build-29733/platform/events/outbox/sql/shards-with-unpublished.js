import { Prisma } from "../../../../generated/prisma/client.js";
import { CLAIM_WINDOW } from "./claim-shard.js";
async function shardsWithUnpublished(db, shards) {
  const rows = await db.$queryRaw(shardsWithUnpublishedSql(shards));
  return rows[0]?.shards ?? [];
}
function shardsWithUnpublishedSql(shards) {
  return Prisma.sql`
    SELECT array_agg(DISTINCT (abs(hashtext(u.key)::bigint) % ${shards})::int) AS shards
    FROM (
      SELECT key FROM platform.outbox WHERE published_at IS NULL ORDER BY id LIMIT ${CLAIM_WINDOW}
    ) u`;
}
export {
  shardsWithUnpublished,
  shardsWithUnpublishedSql
};
//# sourceMappingURL=shards-with-unpublished.js.map
