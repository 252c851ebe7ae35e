import type { RawTx } from "../../platform/db/raw-tx.js";
import type { DealParticipants } from "./saga-transition.js";

/** notifications' replica of a deal's parties, from booking-created (they never change). */
export async function rememberParticipants(tx: RawTx, p: DealParticipants, now: Date): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO notifications.deal_participants (deal_id, tenant_id, agent_user_id, investor_user_id, updated_at)
    VALUES (${p.dealId}::uuid, ${p.tenantId}::uuid, ${p.agentUserId}, ${p.investorUserId}, ${now})
    ON CONFLICT (deal_id) DO NOTHING`;
}

export async function findParticipants(tx: RawTx, dealId: string): Promise<DealParticipants | null> {
  const [row] = await tx.$queryRaw<DealParticipants[]>`
    SELECT deal_id::text AS "dealId", tenant_id::text AS "tenantId", agent_user_id AS "agentUserId",
           investor_user_id AS "investorUserId"
      FROM notifications.deal_participants WHERE deal_id = ${dealId}::uuid`;
  return row ?? null;
}
