async function saveOffset(db, group, topic, pos) {
  await db.$executeRaw`
    INSERT INTO platform.consumer_offsets (group_id, topic, last_tx_id, last_id, updated_at)
    VALUES (${group}, ${topic}, ${pos.txId}::xid8, ${pos.id}, now())
    ON CONFLICT (group_id, topic) DO UPDATE
      SET last_tx_id = EXCLUDED.last_tx_id, last_id = EXCLUDED.last_id, updated_at = now()`;
}
export {
  saveOffset
};
//# sourceMappingURL=save-offset.js.map
