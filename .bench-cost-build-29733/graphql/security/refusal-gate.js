import { createHash } from "node:crypto";
import { bearerToken } from "../../platform/auth/jwt.js";
import { counter, gaugeReadAtScrape } from "../../platform/metrics/registry.js";
import { LIMITS } from "./limits.js";
import { createRefusalHold } from "./refusal-hold.js";
import { createRefusedCallers } from "./refused-callers.js";
function createRefusalGate(options) {
  const now = options.now ?? Date.now;
  const callers = createRefusedCallers({
    maxKeys: options.maxKeys ?? LIMITS.refusedCallersMaxKeys,
    now
  });
  const hold = createRefusalHold({
    maxHeld: options.maxHeld ?? LIMITS.refusalsHeldMax,
    holdMs: options.holdMs ?? LIMITS.refusalHoldMs,
    now
  });
  const answers = counter(
    options.metrics,
    "pin_api_known_refusals_total",
    "Requests of a caller already refused in its rate window, answered before the body is read: held (the tarpit) or at once (the hold was full)",
    ["answer"]
  );
  const held = answers.labels({ answer: "held" });
  const atOnce = answers.labels({ answer: "at_once" });
  gaugeReadAtScrape(
    options.metrics,
    "pin_api_refusals_held",
    "Refusals held right now (at most the process-wide cap)",
    () => hold.held()
  );
  const byReason = /* @__PURE__ */ new Map();
  const refusedFor = (reason) => {
    let child = byReason.get(reason);
    if (child === void 0) {
      child = options.refused.labels({ reason });
      byReason.set(reason, child);
    }
    return child;
  };
  const callerKey = (req, address) => {
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
      callers.remember(`addr:${address}`, now() + retryAfterSeconds * 1e3, "rate_address");
    },
    rememberCaller(req, address, refusal) {
      const untilMs = Math.min(
        now() + refusal.retryAfterSeconds * 1e3,
        refusal.tokenExpiresAtMs ?? Infinity
      );
      callers.remember(callerKey(req, address), untilMs, refusal.reason);
    },
    stop: () => hold.stop()
  };
}
export {
  createRefusalGate
};
//# sourceMappingURL=refusal-gate.js.map
