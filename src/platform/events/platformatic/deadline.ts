/**
 * Deadlines on @platformatic/kafka calls (decision 0523). The library times out a request once it
 * is on a connection's queue, but a call can still wait without end before that (a payload queue
 * behind a connection that never drains, a metadata refresh shared by every caller), and one such
 * call parked a group member for good in the cluster fault test: its partitions assigned, never
 * fetched again. Every call the partition fetcher and its supervisor await is bounded by this; a
 * call past its deadline is abandoned and counts as a failed call (the member is replaced after a
 * few of them), never as a wait.
 */
export class KafkaClientDeadlineError extends Error {
  readonly code = "KAFKA_CLIENT_DEADLINE";
  constructor(
    readonly call: string,
    readonly afterMs: number,
  ) {
    super(`@platformatic/kafka did not answer ${call} within ${afterMs} ms; the call is abandoned`);
    this.name = "KafkaClientDeadlineError";
  }
}

/** A member with partitions it has not fetched for too long (the progress watch of decision 0523). */
export class MemberStalledError extends Error {
  readonly code = "KAFKA_MEMBER_STALLED";
  constructor(
    readonly partitions: readonly string[],
    readonly afterMs: number,
  ) {
    super(
      `${partitions.length} assigned partition(s) not fetched for ${afterMs} ms (${partitions.slice(0, 5).join(", ")}); the member is replaced`,
    );
    this.name = "MemberStalledError";
  }
}

/** `work`, or a KafkaClientDeadlineError once `ms` passed without an answer (the work is abandoned). */
export async function withDeadline<T>(work: Promise<T>, ms: number, call: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new KafkaClientDeadlineError(call, ms)), ms);
  });
  // An abandoned call that fails later must not surface as an unhandled rejection.
  work.catch(() => {});
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The longest a library call may take while it is still working as configured: every attempt
 * (the first and its retries) times out after `requestTimeoutMs`, with `retryDelayMs` between
 * them, plus `extraMs` (a fetch's own wait on the broker) and a margin.
 */
export function callDeadlineMs(
  client: { requestTimeoutMs: number; retries: number; retryDelayMs: number },
  extraMs = 0,
): number {
  return (client.retries + 1) * (client.requestTimeoutMs + client.retryDelayMs) + extraMs + 5_000;
}
