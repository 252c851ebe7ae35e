import type { Clock } from "../../clock/clock.js";
import type { Db } from "../../db/prisma-client.js";

export interface DeadLetterRow {
  id: bigint;
  group_id: string;
  topic: string;
  key: string;
  partition: number;
  offset: string;
  message_id: string | null;
  reason: string;
  error_code: string;
  attempts: number;
  failed_at: Date;
  replayed_at: Date | null;
  replay_count: number;
}

export interface DeadLetterFilter {
  group?: string;
  id?: bigint;
  errorCode?: string;
  /** include entries already replayed */
  includeReplayed?: boolean;
}

export async function listDeadLetters(
  db: Db,
  filter: DeadLetterFilter = {},
  limit = 100,
): Promise<DeadLetterRow[]> {
  return db.$queryRaw<DeadLetterRow[]>`
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

/**
 * Replays dead letters to their own consumer group only: each entry becomes a parked message that
 * is due now, so the group's retry loop runs it through the normal path (dedup, handler, policy)
 * on either transport, queued behind nothing but earlier parked messages of its key.
 */
export async function replayDeadLetters(db: Db, clock: Clock, filter: DeadLetterFilter): Promise<number> {
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
