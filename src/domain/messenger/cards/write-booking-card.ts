import type { Clock } from "../../../platform/clock/clock.js";
import type { RawTx } from "../../../platform/db/raw-tx.js";
import { appendChatMessage } from "../chat/append-chat-message.js";
import type { ChatMessage } from "../chat/chat-message.js";
import { openDealChatReadingApartment } from "../chat/open-deal-chat.js";
import { messengerErrors } from "../messenger.errors.js";
import { findApartment } from "../replica/property-object-replica.js";
import { decideCard } from "./booking-card.decide.js";
import type { BookingFact } from "./booking-fact.js";

/**
 * One booking transition → its card in the deal chat, in the consumer's transaction. booking-created
 * opens the chat first (its members come with the event). Returns null when the card of this source
 * event already exists (a redelivery past the dedup window).
 */
export async function writeBookingCard(
  tx: RawTx,
  fact: BookingFact,
  meta: { clock: Clock; sourceMessageId: string; correlationId?: string },
): Promise<ChatMessage | null> {
  // booking-created opens the chat, reading the apartment in the same statement
  const apartment =
    fact.type === "created"
      ? await openDealChatReadingApartment(
          tx,
          {
            dealId: fact.dealId,
            tenantId: fact.tenantId,
            agentUserId: fact.agentUserId,
            investorUserId: fact.investorUserId,
          },
          fact.propertyObjectId,
          meta.clock.now(),
        )
      : await findApartment(tx, fact.propertyObjectId);
  const card = decideCard(fact, apartment);
  const result = await appendChatMessage(
    tx,
    fact.dealId,
    { kind: "Card", card, sourceMessageId: meta.sourceMessageId },
    {
      clock: meta.clock,
      causationId: meta.sourceMessageId,
      ...(meta.correlationId ? { correlationId: meta.correlationId } : {}),
    },
  );
  if (!result.chat) throw messengerErrors.chatNotFound(fact.dealId);
  return result.message;
}
