import type { Clock } from "../../clock/clock.js";
import type { Db, Tx } from "../../db/prisma-client.js";
import { DLQ_HEADER, HEADER } from "../envelope.js";
import { dlqTopicFor } from "../topics.js";
import type { InboundMessage } from "../wire.js";
import { recordDeadLetter } from "./sql/record-dead-letter.js";

export interface DeadLetterInput {
  group: string;
  /** the consumer's DLQ topic when it does not follow the naming rule */
  dlqTopic?: string;
  message: InboundMessage;
  reason: string;
  errorCode: string;
  attempts: number;
}

export type SendFn = (message: {
  topic: string;
  key: string;
  value: string;
  headers: Record<string, string>;
}) => Promise<void>;

/** The DLQ copy: original key, value and headers plus the x-dlq-* headers. */
export function dlqHeaders(input: DeadLetterInput, failedAt: Date): Record<string, string> {
  return {
    ...input.message.headers,
    [DLQ_HEADER.reason]: input.reason.slice(0, MAX_REASON_LENGTH),
    [DLQ_HEADER.errorCode]: input.errorCode,
    [DLQ_HEADER.sourceTopic]: input.message.topic,
    [DLQ_HEADER.originalOffset]: input.message.offset,
    [DLQ_HEADER.originalPartition]: String(input.message.partition),
    [DLQ_HEADER.attempts]: String(input.attempts),
    [DLQ_HEADER.failedAt]: failedAt.toISOString(),
  };
}

const MAX_REASON_LENGTH = 2000;

/**
 * Publishes the DLQ copy first, then records it (upsert on the source position) in
 * platform.dead_letters, optionally inside `tx` (so a parked row is removed atomically).
 * A crash between the two leaves a duplicate on the DLQ topic, never a lost record.
 */
export async function writeDeadLetter(
  deps: { db: Db; clock: Clock; send: SendFn },
  input: DeadLetterInput,
  tx?: Tx,
): Promise<void> {
  const failedAt = deps.clock.now();
  const headers = dlqHeaders(input, failedAt);
  await deps.send({
    topic: input.dlqTopic ?? dlqTopicFor(input.group),
    key: input.message.key,
    value: input.message.value,
    headers,
  });
  await recordDeadLetter(tx ?? deps.db, {
    group: input.group,
    message: input.message,
    messageId: input.message.headers[HEADER.messageId] ?? null,
    reason: headers[DLQ_HEADER.reason] ?? input.reason,
    errorCode: input.errorCode,
    attempts: input.attempts,
    failedAt,
  });
}
