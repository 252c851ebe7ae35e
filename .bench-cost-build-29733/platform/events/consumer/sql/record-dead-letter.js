async function recordDeadLetter(runner, d) {
  const m = d.message;
  await runner.$executeRaw`
    INSERT INTO platform.dead_letters
      (group_id, topic, key, partition, "offset", value, headers, message_id, reason, error_code, attempts, failed_at)
    VALUES (${d.group}, ${m.topic}, ${m.key}, ${m.partition}, ${m.offset}, ${m.value},
            ${JSON.stringify(m.headers)}::jsonb, ${d.messageId}, ${d.reason},
            ${d.errorCode}, ${d.attempts}, ${d.failedAt})
    ON CONFLICT (group_id, topic, partition, "offset") DO UPDATE SET
      reason = EXCLUDED.reason, error_code = EXCLUDED.error_code, attempts = EXCLUDED.attempts,
      failed_at = EXCLUDED.failed_at, replayed_at = NULL`;
}
export {
  recordDeadLetter
};
//# sourceMappingURL=record-dead-letter.js.map
