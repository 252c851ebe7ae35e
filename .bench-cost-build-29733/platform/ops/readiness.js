import { cachedFor } from "./cached-answer.js";
const READY_CHECK_TIMEOUT_MS = 3e3;
const READY_CACHE_MS = 1e3;
async function runChecks(checks) {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      const timeout = new Promise(
        (resolve) => setTimeout(() => resolve(false), READY_CHECK_TIMEOUT_MS).unref()
      );
      const ok = await Promise.race([check().catch(() => false), timeout]);
      return [name, ok];
    })
  );
  return Object.fromEntries(entries);
}
function readinessAnswer(required, optional = {}) {
  const ready = Object.values(required).every((v) => v === true);
  const degraded = Object.fromEntries(
    Object.entries(optional).filter(([, v]) => v !== true).map(([name, v]) => [name, typeof v === "string" ? v : "not answering"])
  );
  const isDegraded = Object.keys(degraded).length > 0;
  const status = !ready ? "not ready" : isDegraded ? "degraded" : "ready";
  return {
    httpStatus: ready ? 200 : 503,
    body: { status, checks: { ...required, ...optional }, ...isDegraded ? { degraded } : {} }
  };
}
function readinessEndpoint(source) {
  return cachedFor(READY_CACHE_MS, async () => {
    const [required, optional] = await Promise.all([
      runChecks(source.checks()),
      runChecks(source.optional())
    ]);
    return readinessAnswer(required, optional);
  });
}
export {
  readinessAnswer,
  readinessEndpoint,
  runChecks
};
//# sourceMappingURL=readiness.js.map
