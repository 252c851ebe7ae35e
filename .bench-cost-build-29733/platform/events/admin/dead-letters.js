async function listDeadLetters(db, filter = {}, limit = 100) {
  return db.$queryRaw`
    SELECT id, group_id, topic, key, partition, "offset" AS "offset", message_id, reason, error_code, attempts,
           failed_at, replayed_at, replay_count
    FROM platform.dead_letters
    WHERE (${filter.group ?? null}::text IS NULL OR group_id = ${filter.group ?? null})
      AND (${filter.id ?? null}::bigint IS NULL OR id = ${filter.id ?? null})
      AND (${filter.errorCode ?? null}::text IS NULL OR error_code = ${filter.errorCode ?? null})
      AND (${filter.includeReplayed ?? false} OR replayed_at IS NULL)
    ORDER BY id
    LIMIT ${limit}`;
}
async function replayDeadLetters(db, clock, filter) {
  const now = clock.now();
  return db.$transaction(async (tx) => {
    const moved = await tx.$executeRaw`
      WITH picked AS (
        UPDATE platform.dead_letters SET replayed_at = ${now}, replay_count = replay_count + 1
        WHERE replayed_at IS NULL
          AND (${filter.group ?? null}::text IS NULL OR group_id = ${filter.group ?? null})
          AND (${filter.id ?? null}::bigint IS NULL OR id = ${filter.id ?? null})
          AND (${filter.errorCode ?? null}::text IS NULL OR error_code = ${filter.errorCode ?? null})
        RETURNING group_id, topic, key, partition, "offset", value, headers, id
      )
      INSERT INTO platform.parked_messages
        (group_id, topic, key, partition, "offset", value, headers, attempts, next_attempt_at, parked_at)
      SELECT group_id, topic, key, partition, "offset", value, headers, 0, ${now}, ${now}
      FROM picked ORDER BY id`;
    return moved;
  });
}
export {
  listDeadLetters,
  replayDeadLetters
};
//# sourceMappingURL=dead-letters.js.map
