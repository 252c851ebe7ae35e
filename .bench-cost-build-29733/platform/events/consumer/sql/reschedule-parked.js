async function rescheduleParked(runner, id, attempts, nextAttemptAt, errorCode, error) {
  await runner.$executeRaw`
    UPDATE platform.parked_messages
    SET attempts = ${attempts}, next_attempt_at = ${nextAttemptAt},
        last_error_code = ${errorCode}, last_error = ${error}
    WHERE id = ${id}`;
}
export {
  rescheduleParked
};
//# sourceMappingURL=reschedule-parked.js.map
