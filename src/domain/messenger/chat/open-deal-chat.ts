import type { RawTx } from "../../../platform/db/raw-tx.js";
import type { ChatMembers } from "./chat-membership.js";

/**
 * Opens the deal's chat with its members when messenger first hears of the deal (its first
 * booking-created, decision 0121). A deal's parties never change after createDeal, so a chat that
 * already exists is left as it is.
 */
export async function openDealChat(tx: RawTx, members: ChatMembers, now: Date): Promise<boolean> {
  const inserted = await tx.$executeRaw`
    INSERT INTO messenger.deal_chats (deal_id, tenant_id, agent_user_id, investor_user_id, created_at, updated_at)
    VALUES (${members.dealId}::uuid, ${members.tenantId}::uuid, ${members.agentUserId}, ${members.investorUserId}, ${now}, ${now})
    ON CONFLICT (deal_id) DO NOTHING`;
  return inserted === 1;
}
