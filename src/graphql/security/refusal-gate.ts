import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { bearerToken } from "../../platform/auth/jwt.js";
import { type Counter, counter, gaugeReadAtScrape, type Registry } from "../../platform/metrics/registry.js";
import { LIMITS } from "./limits.js";
import { createRefusalHold, type RefusalHold } from "./refusal-hold.js";
import { createRefusedCallers, type RefusedCallers } from "./refused-callers.js";

/** What yoga's per-caller rate refused (set on the request scope, remembered by the gate). */
export interface CallerRefusal {
  readonly reason: string;
  readonly retryAfterSeconds: number;
  /** the token's expiry (a signed-in caller): its token is not remembered past it */
  readonly tokenExpiresAtMs?: number;
}

/**
 * The HTTP layer's memory of refused callers (issue #42 item 1, decisions 0617–0618): a request
 * whose address, or whose caller (its bearer token, else its address), was refused a rate in this
 * window is answered before anything else — no body read, no parsing, no token verification — with
 * the pre-serialized 429 RATE_LIMITED, held a moment (refusal-hold.ts). The first refusal of a
 * window still takes the ordinary path (and answers at once); the gate learns from it. Over
 * graphql-ws nothing changes (operations are counted per operation there).
 */
export interface RefusalGate {
  /** True when the request's caller is known refused: `res` is answered (held or at once). */
  refuseKnown(req: IncomingMessage, res: ServerResponse, address: string): boolean;
  /** The per-address limiter refused `address` for `retryAfterSeconds`. */
  rememberAddress(address: string, retryAfterSeconds: number): void;
  /** Yoga's per-caller rate refused the request's caller. */
  rememberCaller(req: IncomingMessage, address: string, refusal: CallerRefusal): void;
  stop(): void;
}

export function createRefusalGate(options: {
  metrics: Registry;
  refused: Counter<"reason">;
  maxKeys?: number;
  maxHeld?: number;
  holdMs?: number;
  now?: () => number;
}): RefusalGate {
  const now = options.now ?? Date.now;
  const callers: RefusedCallers = createRefusedCallers({
    maxKeys: options.maxKeys ?? LIMITS.refusedCallersMaxKeys,
    now,
  });
  const hold: RefusalHold = createRefusalHold({
    maxHeld: options.maxHeld ?? LIMITS.refusalsHeldMax,
    holdMs: options.holdMs ?? LIMITS.refusalHoldMs,
    now,
  });
  const answers = counter(
    options.metrics,
    "pin_api_known_refusals_total",
    "Requests of a caller already refused in its rate window, answered before the body is read: held (the tarpit) or at once (the hold was full)",
    ["answer"],
  );
  const held = answers.labels({ answer: "held" });
  const atOnce = answers.labels({ answer: "at_once" });
  gaugeReadAtScrape(
    options.metrics,
    "pin_api_refusals_held",
    "Refusals held right now (at most the process-wide cap)",
    () => hold.held(),
  );
  const byReason = new Map<string, { inc(): void }>();
  const refusedFor = (reason: string) => {
    let child = byReason.get(reason);
    if (child === undefined) {
      child = options.refused.labels({ reason });
      byReason.set(reason, child);
    }
    return child;
  };

  /**
   * The caller key at the HTTP layer: its bearer token (hashed), else its address — as yoga keys it
   * (a request with a bearer token is its user's or a 401, never anonymous).
   */
  const callerKey = (req: IncomingMessage, address: string): string => {
    const token = bearerToken(req.headers.authorization);
    return token ? `auth:${createHash("sha256").update(token).digest("base64url")}` : `anon:${address}`;
  };

  return {
    refuseKnown(req, res, address) {
      const known = callers.check(`addr:${address}`) ?? callers.check(callerKey(req, address));
      if (known === null) return false;
      refusedFor(known.reason).inc();
      if (hold.answer(res, known.retryAfterSeconds)) held.inc();
      else atOnce.inc();
      return true;
    },
    rememberAddress(address, retryAfterSeconds) {
      callers.remember(`addr:${address}`, now() + retryAfterSeconds * 1000, "rate_address");
    },
    rememberCaller(req, address, refusal) {
      const untilMs = Math.min(
        now() + refusal.retryAfterSeconds * 1000,
        refusal.tokenExpiresAtMs ?? Infinity,
      );
      callers.remember(callerKey(req, address), untilMs, refusal.reason);
    },
    stop: () => hold.stop(),
  };
}
