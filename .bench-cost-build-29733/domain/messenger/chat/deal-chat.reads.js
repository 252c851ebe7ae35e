import {
  chatMessageFromRow,
  MESSAGE_COLUMNS
} from "./chat-message.js";
async function findChatMembers(db, dealId) {
  const [members] = await findChatsMembers(db, [dealId]);
  return members ?? null;
}
async function findChatsMembers(db, dealIds) {
  const rows = await db.messengerDealChat.findMany({ where: { dealId: { in: [...dealIds] } } });
  return rows.map((row) => ({
    dealId: row.dealId,
    tenantId: row.tenantId,
    agentUserId: row.agentUserId,
    investorUserId: row.investorUserId
  }));
}
async function loadChatPage(db, dealId, window) {
  const rows = await db.$queryRaw`
    SELECT ${MESSAGE_COLUMNS} FROM messenger.messages
     WHERE deal_id = ${dealId}::uuid AND (${window.before}::bigint IS NULL OR id < ${window.before}::bigint)
     ORDER BY id DESC LIMIT ${window.last + 1}`;
  const hasOlder = rows.length > window.last;
  return { messages: rows.slice(0, window.last).reverse().map(chatMessageFromRow), hasOlder };
}
async function loadMessagesAfter(db, dealId, after, limit) {
  const rows = await db.$queryRaw`
    SELECT ${MESSAGE_COLUMNS} FROM messenger.messages
     WHERE deal_id = ${dealId}::uuid AND id > ${after}
     ORDER BY id LIMIT ${limit}`;
  return rows.map(chatMessageFromRow);
}
async function loadReadStates(db, userId, dealIds) {
  if (dealIds.length === 0) return [];
  const rows = await db.$queryRaw`
    SELECT c.deal_id::text AS "dealId", r.last_read_message_id AS "lastRead",
           (SELECT count(*) FROM messenger.messages m
             WHERE m.deal_id = c.deal_id AND m.id > COALESCE(r.last_read_message_id, 0)
               AND m.author_user_id IS DISTINCT FROM ${userId}) AS unread
      FROM messenger.deal_chats c
      LEFT JOIN messenger.chat_reads r ON r.deal_id = c.deal_id AND r.user_id = ${userId}
     WHERE c.deal_id = ANY(${dealIds}::uuid[])`;
  return rows.map((r) => ({
    dealId: r.dealId,
    lastReadMessageId: r.lastRead,
    unreadCount: Number(r.unread)
  }));
}
async function newestMessageId(db, dealId) {
  const row = await db.messengerDealChat.findUnique({ where: { dealId }, select: { lastMessageId: true } });
  return row?.lastMessageId ?? 0n;
}
export {
  findChatMembers,
  findChatsMembers,
  loadChatPage,
  loadMessagesAfter,
  loadReadStates,
  newestMessageId
};
//# sourceMappingURL=deal-chat.reads.js.map
