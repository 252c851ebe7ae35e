const RATE_LIMITED_BODY = Buffer.from(
  JSON.stringify({
    errors: [{ message: "Too many requests; slow down", extensions: { code: "RATE_LIMITED" } }]
  })
);
const MAX_HOLD_MS = 1e3;
const headersBySeconds = /* @__PURE__ */ new Map();
function headersFor(retryAfterSeconds) {
  let headers = headersBySeconds.get(retryAfterSeconds);
  if (headers === void 0) {
    headers = {
      "content-type": "application/json",
      "content-length": String(RATE_LIMITED_BODY.length),
      "retry-after": String(retryAfterSeconds)
    };
    if (retryAfterSeconds <= 3600) headersBySeconds.set(retryAfterSeconds, headers);
  }
  return headers;
}
function sendRateLimited(res, retryAfterSeconds) {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(429, headersFor(Math.max(1, Math.round(retryAfterSeconds))));
  res.end(RATE_LIMITED_BODY);
}
function createRefusalHold(options) {
  const now = options.now ?? Date.now;
  const holdMs = Math.min(MAX_HOLD_MS, Math.max(0, options.holdMs));
  const holdSeconds = Math.floor(holdMs / 1e3);
  let queue = [];
  let head = 0;
  let timer;
  let stopped = false;
  const release = (entry) => sendRateLimited(entry.res, Math.max(1, entry.retryAfterSeconds - holdSeconds));
  const schedule = () => {
    const next = queue[head];
    if (timer !== void 0 || next === void 0) return;
    timer = setTimeout(flush, Math.max(0, next.dueMs - now()));
    timer.unref();
  };
  function flush() {
    timer = void 0;
    const t = now();
    while (head < queue.length && (queue[head].dueMs <= t || stopped)) release(queue[head++]);
    if (head === queue.length) {
      queue = [];
      head = 0;
    } else if (head > 1024 && head * 2 > queue.length) {
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
      if (timer !== void 0) clearTimeout(timer);
      flush();
    }
  };
}
function createHeldDelays(options) {
  const holdMs = Math.min(MAX_HOLD_MS, Math.max(0, options.holdMs));
  let held = 0;
  const release = (resolve) => {
    held--;
    resolve(true);
  };
  return {
    hold() {
      if (holdMs === 0 || held >= options.maxHeld) return Promise.resolve(false);
      held++;
      return new Promise((resolve) => setTimeout(release, holdMs, resolve).unref());
    },
    held: () => held
  };
}
export {
  RATE_LIMITED_BODY,
  createHeldDelays,
  createRefusalHold,
  sendRateLimited
};
//# sourceMappingURL=refusal-hold.js.map
