async function openDealChat(tx, members, now) {
  const inserted = await tx.$executeRaw`
    INSERT INTO messenger.deal_chats (deal_id, tenant_id, agent_user_id, investor_user_id, created_at, updated_at)
    VALUES (${members.dealId}::uuid, ${members.tenantId}::uuid, ${members.agentUserId}, ${members.investorUserId}, ${now}, ${now})
    ON CONFLICT (deal_id) DO NOTHING`;
  return inserted === 1;
}
export {
  openDealChat
};
//# sourceMappingURL=open-deal-chat.js.map
