const PARK = `INSERT INTO platform.parked_messages
  (group_id, topic, key, partition, "offset", value, headers, attempts, next_attempt_at,
   last_error_code, last_error, parked_at, wait_key)
VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12, $13)`;
async function park(runner, p) {
  const m = p.message;
  await runner.execute(PARK, [
    p.group,
    m.topic,
    m.key,
    m.partition,
    m.offset,
    m.value,
    JSON.stringify(m.headers),
    p.attempts,
    p.nextAttemptAt,
    p.errorCode,
    p.error,
    p.now,
    p.waitKey
  ]);
}
export {
  park
};
//# sourceMappingURL=park.js.map
