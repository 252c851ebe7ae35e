const REDRIVE = `UPDATE platform.parked_messages
  SET next_attempt_at = $3, attempts = CASE WHEN attempts > 1 THEN attempts - 1 ELSE attempts END
  WHERE id IN (
    SELECT id FROM platform.parked_messages
    WHERE group_id = $1 AND wait_key = ANY($2::text[]) AND next_attempt_at > $3
    FOR UPDATE SKIP LOCKED)`;
async function redriveParked(runner, group, waitKeys, now) {
  if (waitKeys.length === 0) return 0;
  return runner.execute(REDRIVE, [group, waitKeys, now]);
}
export {
  redriveParked
};
//# sourceMappingURL=redrive-parked.js.map
