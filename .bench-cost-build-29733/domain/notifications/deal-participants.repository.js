async function rememberParticipants(tx, p, now) {
  await tx.$executeRaw`
    INSERT INTO notifications.deal_participants (deal_id, tenant_id, agent_user_id, investor_user_id, updated_at)
    VALUES (${p.dealId}::uuid, ${p.tenantId}::uuid, ${p.agentUserId}, ${p.investorUserId}, ${now})
    ON CONFLICT (deal_id) DO NOTHING`;
}
async function findParticipants(tx, dealId) {
  const row = await tx.notificationDealParticipants.findUnique({ where: { dealId } });
  return row ? {
    dealId: row.dealId,
    tenantId: row.tenantId,
    agentUserId: row.agentUserId,
    investorUserId: row.investorUserId
  } : null;
}
export {
  findParticipants,
  rememberParticipants
};
//# sourceMappingURL=deal-participants.repository.js.map
