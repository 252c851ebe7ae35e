import type { Tx } from "../../platform/db/prisma-client.js";
import type { DealParticipants } from "./saga-transition.js";

/** notifications' replica of a deal's parties, from booking-created (they never change). */
export async function rememberParticipants(tx: Tx, p: DealParticipants, now: Date): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO notifications.deal_participants (deal_id, tenant_id, agent_user_id, investor_user_id, updated_at)
    VALUES (${p.dealId}::uuid, ${p.tenantId}::uuid, ${p.agentUserId}, ${p.investorUserId}, ${now})
    ON CONFLICT (deal_id) DO NOTHING`;
}

export async function findParticipants(tx: Tx, dealId: string): Promise<DealParticipants | null> {
  const row = await tx.notificationDealParticipants.findUnique({ where: { dealId } });
  return row
    ? {
        dealId: row.dealId,
        tenantId: row.tenantId,
        agentUserId: row.agentUserId,
        investorUserId: row.investorUserId,
      }
    : null;
}
