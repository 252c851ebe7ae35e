import { enqueue } from "../../../platform/events/outbox/enqueue.js";
import { TOPIC } from "../../../platform/events/topics.js";
import {
  cardToContract,
  chatMessageFromRow,
  chatMessageToEvent,
  MESSAGE_COLUMNS
} from "./chat-message.js";
async function appendChatMessage(tx, dealId, draft, meta) {
  const [chat] = await tx.$queryRaw`
    SELECT deal_id::text AS "dealId", tenant_id::text AS "tenantId",
           agent_user_id AS "agentUserId", investor_user_id AS "investorUserId"
      FROM messenger.deal_chats WHERE deal_id = ${dealId}::uuid
       FOR UPDATE`;
  if (!chat) return { chat: null, message: null };
  const now = meta.clock.now();
  const rows = draft.kind === "Text" ? await tx.$queryRaw`
          INSERT INTO messenger.messages (deal_id, kind, author_user_id, body, created_at)
          VALUES (${dealId}::uuid, 'Text', ${draft.authorUserId}, ${draft.body}, ${now})
          RETURNING ${MESSAGE_COLUMNS}` : await tx.$queryRaw`
          INSERT INTO messenger.messages (deal_id, kind, card_kind, booking_id, card, source_message_id, created_at)
          VALUES (${dealId}::uuid, 'Card', ${draft.card.kind}, ${draft.card.bookingId}::uuid,
                  ${JSON.stringify(cardToContract(draft.card))}::jsonb, ${draft.sourceMessageId}::uuid, ${now})
          ON CONFLICT (source_message_id) DO NOTHING
          RETURNING ${MESSAGE_COLUMNS}`;
  const [row] = rows;
  if (!row) return { chat, message: null };
  const message = chatMessageFromRow(row);
  await tx.$executeRaw`
    UPDATE messenger.deal_chats SET last_message_id = ${message.id}, updated_at = ${now}
     WHERE deal_id = ${dealId}::uuid`;
  await enqueue(
    tx,
    {
      topic: TOPIC.dealMessagePosted,
      key: dealId,
      aggregateType: "DealChat",
      payload: chatMessageToEvent(message),
      ...meta.correlationId ? { correlationId: meta.correlationId } : {},
      causationId: meta.causationId ?? null
    },
    meta.clock
  );
  return { chat, message };
}
export {
  appendChatMessage
};
//# sourceMappingURL=append-chat-message.js.map
