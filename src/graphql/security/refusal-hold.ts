import type { OutgoingHttpHeaders, ServerResponse } from "node:http";

/**
 * The answer to a caller already known to be over its rate (issue #42 item 1, decision 0618): a
 * 429 RATE_LIMITED made once (body bytes and, per Retry-After value, the headers), held `holdMs`
 * before it is sent — a tarpit: a closed-loop flooder with n requests in flight then sends n
 * requests per hold instead of as many as the CPU answers. At most `maxHeld` answers are held in
 * the whole process (beyond, they are sent at once), so what it holds stays bounded: one queue
 * entry per held answer; the sockets are the callers' keep-alive connections, open anyway. The
 * hold is the same for all (≤ 1 s, never longer than a Retry-After, which is ≥ 1 s), so the queue
 * is in release order and one timer serves it.
 */
export interface RefusalHold {
  /** Answers `res` with the refusal: after the hold (true) or, when maxHeld are held, at once (false). */
  answer(res: ServerResponse, retryAfterSeconds: number): boolean;
  /** Answers held now. */
  held(): number;
  /** Sends every held answer now and holds no more (server stop). */
  stop(): void;
}

/** The refusal's body: the shape of every RATE_LIMITED answer of the HTTP layer. */
export const RATE_LIMITED_BODY = Buffer.from(
  JSON.stringify({
    errors: [{ message: "Too many requests; slow down", extensions: { code: "RATE_LIMITED" } }],
  }),
);
const MAX_HOLD_MS = 1_000;
const headersBySeconds = new Map<number, OutgoingHttpHeaders>();

function headersFor(retryAfterSeconds: number): OutgoingHttpHeaders {
  let headers = headersBySeconds.get(retryAfterSeconds);
  if (headers === undefined) {
    headers = {
      "content-type": "application/json",
      "content-length": String(RATE_LIMITED_BODY.length),
      "retry-after": String(retryAfterSeconds),
    };
    // Retry-After is 1..60 for minute windows; anything else is made per answer.
    if (retryAfterSeconds <= 3_600) headersBySeconds.set(retryAfterSeconds, headers);
  }
  return headers;
}

/** Sends the pre-serialized refusal unless the caller is gone. */
export function sendRateLimited(res: ServerResponse, retryAfterSeconds: number): void {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(429, headersFor(Math.max(1, Math.round(retryAfterSeconds))));
  res.end(RATE_LIMITED_BODY);
}

type Held = { res: ServerResponse; retryAfterSeconds: number; dueMs: number };

export function createRefusalHold(options: {
  maxHeld: number;
  holdMs: number;
  now?: () => number;
}): RefusalHold {
  const now = options.now ?? Date.now;
  const holdMs = Math.min(MAX_HOLD_MS, Math.max(0, options.holdMs));
  const holdSeconds = Math.floor(holdMs / 1000);
  let queue: Held[] = [];
  let head = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const release = (entry: Held) =>
    sendRateLimited(entry.res, Math.max(1, entry.retryAfterSeconds - holdSeconds));

  const schedule = () => {
    const next = queue[head];
    if (timer !== undefined || next === undefined) return;
    timer = setTimeout(flush, Math.max(0, next.dueMs - now()));
    timer.unref();
  };

  function flush(): void {
    timer = undefined;
    const t = now();
    while (head < queue.length && (queue[head]!.dueMs <= t || stopped)) release(queue[head++]!);
    if (head === queue.length) {
      queue = [];
      head = 0;
    } else if (head > 1_024 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
    schedule();
  }

  return {
    answer(res, retryAfterSeconds) {
      if (stopped || holdMs === 0 || queue.length - head >= options.maxHeld) {
        sendRateLimited(res, retryAfterSeconds);
        return false;
      }
      queue.push({ res, retryAfterSeconds, dueMs: now() + holdMs });
      schedule();
      return true;
    },
    held: () => queue.length - head,
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      flush();
    },
  };
}

/**
 * The same tarpit where the answer is not ours to write (a GraphQL result: the storefront budget's
 * refusal, HTTP or graphql-ws): `hold()` resolves after `holdMs`, or at once (false) when `maxHeld`
 * are already held in the process.
 */
export interface HeldDelays {
  hold(): Promise<boolean>;
  held(): number;
}

export function createHeldDelays(options: { maxHeld: number; holdMs: number }): HeldDelays {
  const holdMs = Math.min(MAX_HOLD_MS, Math.max(0, options.holdMs));
  let held = 0;
  const release = (resolve: (held: boolean) => void) => {
    held--;
    resolve(true);
  };
  return {
    hold() {
      if (holdMs === 0 || held >= options.maxHeld) return Promise.resolve(false);
      held++;
      return new Promise<boolean>((resolve) => setTimeout(release, holdMs, resolve).unref());
    },
    held: () => held,
  };
}
