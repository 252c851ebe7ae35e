import type { Clock } from "../../../platform/clock/clock.js";
import type { RawTx } from "../../../platform/db/raw-tx.js";
import { outboxInsert } from "../../../platform/events/outbox/enqueue.js";
import { TOPIC } from "../../../platform/events/topics.js";
import type { Card } from "../cards/booking-card.decide.js";
import type { ChatMembers } from "./chat-membership.js";
import {
  type ChatMessage,
  type ChatMessageRow,
  cardToContract,
  chatMessageFromRow,
  chatMessageToEvent,
  MESSAGE_COLUMNS,
} from "./chat-message.js";

export type MessageDraft =
  | { readonly kind: "Text"; readonly authorUserId: string; readonly body: string }
  | { readonly kind: "Card"; readonly card: Card; readonly sourceMessageId: string };

export interface AppendResult {
  readonly chat: ChatMembers | null;
  /** null: no chat for the deal, or the card of this source event already exists */
  readonly message: ChatMessage | null;
}

/**
 * Adds a message to a deal chat and its pin.messenger.deal-message-posted event to the outbox, in
 * the caller's transaction. The chat row is locked first, so the writers of one chat take turns:
 * within a chat, message id order is commit order and the outbox keeps it per DealId — a
 * subscriber that resumes "after id X" gets everything (decision 0123). A card is written at most
 * once per source event (unique source_message_id), whatever the consumer's dedup window.
 */
export async function appendChatMessage(
  tx: RawTx,
  dealId: string,
  draft: MessageDraft,
  meta: { clock: Clock; correlationId?: string; causationId?: string | null },
): Promise<AppendResult> {
  const [chat] = await tx.$queryRaw<ChatMembers[]>`
    SELECT deal_id::text AS "dealId", tenant_id::text AS "tenantId",
           agent_user_id AS "agentUserId", investor_user_id AS "investorUserId"
      FROM messenger.deal_chats WHERE deal_id = ${dealId}::uuid
       FOR UPDATE`;
  if (!chat) return { chat: null, message: null };
  const now = meta.clock.now();
  const rows =
    draft.kind === "Text"
      ? await tx.$queryRaw<ChatMessageRow[]>`
          INSERT INTO messenger.messages (deal_id, kind, author_user_id, body, created_at)
          VALUES (${dealId}::uuid, 'Text', ${draft.authorUserId}, ${draft.body}, ${now})
          RETURNING ${MESSAGE_COLUMNS}`
      : await tx.$queryRaw<ChatMessageRow[]>`
          INSERT INTO messenger.messages (deal_id, kind, card_kind, booking_id, card, source_message_id, created_at)
          VALUES (${dealId}::uuid, 'Card', ${draft.card.kind}, ${draft.card.bookingId}::uuid,
                  ${JSON.stringify(cardToContract(draft.card))}::jsonb, ${draft.sourceMessageId}::uuid, ${now})
          ON CONFLICT (source_message_id) DO NOTHING
          RETURNING ${MESSAGE_COLUMNS}`;
  const [row] = rows;
  if (!row) return { chat, message: null };
  const message = chatMessageFromRow(row);
  // The chat's last message and the message's event in one statement (decision 0631).
  const outbox = outboxInsert(
    [
      {
        topic: TOPIC.dealMessagePosted,
        key: dealId,
        aggregateType: "DealChat",
        payload: chatMessageToEvent(message),
        ...(meta.correlationId ? { correlationId: meta.correlationId } : {}),
        causationId: meta.causationId ?? null,
      },
    ],
    meta.clock,
  );
  await tx.$executeRaw`
    WITH chat AS (
      UPDATE messenger.deal_chats SET last_message_id = ${message.id}, updated_at = ${now}
       WHERE deal_id = ${dealId}::uuid)
    ${outbox.sql}`;
  return { chat, message };
}
