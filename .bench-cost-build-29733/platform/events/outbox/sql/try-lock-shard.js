const OUTBOX_SHARD_LOCK_NAMESPACE = 1346981376;
async function tryLockShard(tx, shard) {
  const rows = await tx.$queryRaw`
    SELECT pg_try_advisory_xact_lock(${OUTBOX_SHARD_LOCK_NAMESPACE}::int, ${shard}::int) AS locked`;
  return rows[0]?.locked === true;
}
export {
  OUTBOX_SHARD_LOCK_NAMESPACE,
  tryLockShard
};
//# sourceMappingURL=try-lock-shard.js.map
