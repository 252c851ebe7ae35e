import { appendChatMessage } from "../chat/append-chat-message.js";
import { openDealChat } from "../chat/open-deal-chat.js";
import { messengerErrors } from "../messenger.errors.js";
import { findApartment } from "../replica/property-object-replica.js";
import { decideCard } from "./booking-card.decide.js";
async function writeBookingCard(tx, fact, meta) {
  if (fact.type === "created") {
    await openDealChat(
      tx,
      {
        dealId: fact.dealId,
        tenantId: fact.tenantId,
        agentUserId: fact.agentUserId,
        investorUserId: fact.investorUserId
      },
      meta.clock.now()
    );
  }
  const card = decideCard(fact, await findApartment(tx, fact.propertyObjectId));
  const result = await appendChatMessage(
    tx,
    fact.dealId,
    { kind: "Card", card, sourceMessageId: meta.sourceMessageId },
    {
      clock: meta.clock,
      causationId: meta.sourceMessageId,
      ...meta.correlationId ? { correlationId: meta.correlationId } : {}
    }
  );
  if (!result.chat) throw messengerErrors.chatNotFound(fact.dealId);
  return result.message;
}
export {
  writeBookingCard
};
//# sourceMappingURL=write-booking-card.js.map
