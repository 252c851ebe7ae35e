class KafkaClientDeadlineError extends Error {
  constructor(call, afterMs) {
    super(`@platformatic/kafka did not answer ${call} within ${afterMs} ms; the call is abandoned`);
    this.call = call;
    this.afterMs = afterMs;
    this.name = "KafkaClientDeadlineError";
  }
  call;
  afterMs;
  code = "KAFKA_CLIENT_DEADLINE";
}
class MemberStalledError extends Error {
  constructor(partitions, afterMs) {
    super(
      `${partitions.length} assigned partition(s) not fetched for ${afterMs} ms (${partitions.slice(0, 5).join(", ")}); the member is replaced`
    );
    this.partitions = partitions;
    this.afterMs = afterMs;
    this.name = "MemberStalledError";
  }
  partitions;
  afterMs;
  code = "KAFKA_MEMBER_STALLED";
}
async function withDeadline(work, ms, call) {
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new KafkaClientDeadlineError(call, ms)), ms);
  });
  work.catch(() => {
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
function callDeadlineMs(client, extraMs = 0) {
  return (client.retries + 1) * (client.requestTimeoutMs + client.retryDelayMs) + extraMs + 5e3;
}
export {
  KafkaClientDeadlineError,
  MemberStalledError,
  callDeadlineMs,
  withDeadline
};
//# sourceMappingURL=deadline.js.map
