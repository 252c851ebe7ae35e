import { DLQ_HEADER, HEADER } from "../envelope.js";
import { dlqTopicFor } from "../topics.js";
import { recordDeadLetter } from "./sql/record-dead-letter.js";
function dlqHeaders(input, failedAt) {
  return {
    ...input.message.headers,
    [DLQ_HEADER.reason]: input.reason.slice(0, MAX_REASON_LENGTH),
    [DLQ_HEADER.errorCode]: input.errorCode,
    [DLQ_HEADER.sourceTopic]: input.message.topic,
    [DLQ_HEADER.originalOffset]: input.message.offset,
    [DLQ_HEADER.originalPartition]: String(input.message.partition),
    [DLQ_HEADER.attempts]: String(input.attempts),
    [DLQ_HEADER.failedAt]: failedAt.toISOString()
  };
}
const MAX_REASON_LENGTH = 2e3;
async function writeDeadLetter(deps, input, tx) {
  const failedAt = deps.clock.now();
  const headers = dlqHeaders(input, failedAt);
  await deps.send({
    topic: input.dlqTopic ?? dlqTopicFor(input.group),
    key: input.message.key,
    value: input.message.value,
    headers
  });
  await recordDeadLetter(tx ?? deps.db, {
    group: input.group,
    message: input.message,
    messageId: input.message.headers[HEADER.messageId] ?? null,
    reason: headers[DLQ_HEADER.reason] ?? input.reason,
    errorCode: input.errorCode,
    attempts: input.attempts,
    failedAt
  });
}
export {
  dlqHeaders,
  writeDeadLetter
};
//# sourceMappingURL=dead-letter.js.map
