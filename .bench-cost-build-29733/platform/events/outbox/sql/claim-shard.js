import { Prisma } from "../../../../generated/prisma/client.js";
const CLAIM_WINDOW = 8192;
async function claimShard(tx, shard, shards, limit) {
  return tx.$queryRaw(claimShardSql(shard, shards, limit));
}
function claimShardSql(shard, shards, limit) {
  return Prisma.sql`
    SELECT o.id, o.topic, o.key, o.payload::text AS payload, o.metadata
    FROM (
      SELECT id, topic, key, payload, metadata FROM platform.outbox
      WHERE published_at IS NULL ORDER BY id LIMIT ${Math.max(CLAIM_WINDOW, limit)}
    ) o
    WHERE abs(hashtext(o.key)::bigint) % ${shards} = ${shard}
    ORDER BY o.id
    LIMIT ${limit}`;
}
export {
  CLAIM_WINDOW,
  claimShard,
  claimShardSql
};
//# sourceMappingURL=claim-shard.js.map
