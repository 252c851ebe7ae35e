const keyOf = (topic, partition) => `${topic}:${partition}`;
function createFetcherState(spec) {
  return {
    spec,
    consumer: spec.consumer,
    log: spec.log,
    topics: [...spec.topics],
    tokens: /* @__PURE__ */ new Map(),
    partitions: /* @__PURE__ */ new Map(),
    positions: /* @__PURE__ */ new Map(),
    paused: /* @__PURE__ */ new Set(),
    busy: /* @__PURE__ */ new Map(),
    inFlightNodes: /* @__PURE__ */ new Set(),
    servedAt: /* @__PURE__ */ new Map(),
    commits: /* @__PURE__ */ new Map(),
    nextToken: 1,
    stopped: false,
    failure: null,
    fetchFailures: 0,
    pendingWake: false,
    wakeUp: null
  };
}
function served(s, key) {
  if (s.tokens.has(key)) s.servedAt.set(key, performance.now());
}
function wake(s) {
  s.pendingWake = true;
  const w = s.wakeUp;
  s.wakeUp = null;
  w?.();
}
function waitForWork(s, ms) {
  return new Promise((resolve) => {
    if (s.pendingWake || s.stopped || s.failure) {
      s.pendingWake = false;
      resolve();
      return;
    }
    const timer = setTimeout(() => {
      s.wakeUp = null;
      resolve();
    }, ms);
    s.wakeUp = () => {
      clearTimeout(timer);
      s.pendingWake = false;
      resolve();
    };
  });
}
function fail(s, error) {
  s.failure ??= { error };
  wake(s);
}
export {
  createFetcherState,
  fail,
  keyOf,
  served,
  waitForWork,
  wake
};
//# sourceMappingURL=state.js.map
