import type { RawTx } from "../../../platform/db/raw-tx.js";
import type { Apartment } from "../cards/booking-card.decide.js";
import { apartmentSql } from "../replica/property-object-replica.js";
import type { ChatMembers } from "./chat-membership.js";

/**
 * Opens the deal's chat with its members when messenger first hears of the deal (its first
 * booking-created, decision 0121). A deal's parties never change after createDeal, so a chat that
 * already exists is left as it is. In the same statement (decision 0631, one round trip less), the
 * apartment the booking's card shows is read.
 */
export async function openDealChatReadingApartment(
  tx: RawTx,
  members: ChatMembers,
  propertyObjectId: string,
  now: Date,
): Promise<Apartment | null> {
  const [apartment] = await tx.$queryRaw<Apartment[]>`
    WITH opened AS (
      INSERT INTO messenger.deal_chats (deal_id, tenant_id, agent_user_id, investor_user_id, created_at, updated_at)
      VALUES (${members.dealId}::uuid, ${members.tenantId}::uuid, ${members.agentUserId}, ${members.investorUserId}, ${now}, ${now})
      ON CONFLICT (deal_id) DO NOTHING)
    ${apartmentSql(propertyObjectId)}`;
  return apartment ?? null;
}
