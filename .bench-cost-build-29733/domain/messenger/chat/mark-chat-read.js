async function markChatRead(db, dealId, userId, upTo, now) {
  await db.$executeRaw`
    INSERT INTO messenger.chat_reads (deal_id, user_id, last_read_message_id, updated_at)
    SELECT c.deal_id, ${userId}, LEAST(COALESCE(${upTo}::bigint, c.last_message_id), c.last_message_id), ${now}
      FROM messenger.deal_chats c
     WHERE c.deal_id = ${dealId}::uuid AND c.last_message_id IS NOT NULL
    ON CONFLICT (deal_id, user_id) DO UPDATE
       SET last_read_message_id = GREATEST(messenger.chat_reads.last_read_message_id, EXCLUDED.last_read_message_id),
           updated_at = EXCLUDED.updated_at`;
}
export {
  markChatRead
};
//# sourceMappingURL=mark-chat-read.js.map
