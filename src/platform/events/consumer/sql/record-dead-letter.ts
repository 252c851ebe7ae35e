import type { Db, Tx } from "../../../db/prisma-client.js";
import type { InboundMessage } from "../../wire.js";

export interface DeadLetterRow {
  group: string;
  message: InboundMessage;
  messageId: string | null;
  reason: string;
  errorCode: string;
  attempts: number;
  failedAt: Date;
}

/** Records a DLQ copy in platform.dead_letters (upsert on the source position). */
export async function recordDeadLetter(runner: Db | Tx, d: DeadLetterRow): Promise<void> {
  const m = d.message;
  await runner.$executeRaw`
    INSERT INTO platform.dead_letters
      (group_id, topic, key, partition, "offset", value, headers, message_id, reason, error_code, attempts, failed_at)
    VALUES (${d.group}, ${m.topic}, ${m.key}, ${m.partition}, ${m.offset}, ${m.value},
            ${JSON.stringify(m.headers)}::jsonb, ${d.messageId}, ${d.reason},
            ${d.errorCode}, ${d.attempts}, ${d.failedAt})
    ON CONFLICT (group_id, topic, partition, "offset") DO UPDATE SET
      reason = EXCLUDED.reason, error_code = EXCLUDED.error_code, attempts = EXCLUDED.attempts,
      failed_at = EXCLUDED.failed_at, replayed_at = NULL`;
}
