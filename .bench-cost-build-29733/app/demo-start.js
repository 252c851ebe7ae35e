import { seedDemoData } from "../demo/seed-demo-data.js";
import { consumedByGroup, logCatchUp } from "../platform/events/catch-up-summary.js";
const SETTLE_ROUNDS = 3;
const SETTLE_TIMEOUT_MS = 6e4;
const TIMERS_AFTER_THE_DEMO_SEED = /* @__PURE__ */ new Set([
  "bookingExpiration",
  "holdExpiration"
]);
function seedsDemo({ settings, database }) {
  return settings.seedDemoData && database.embedded;
}
async function seedDemo(infrastructure, runners) {
  if (!seedsDemo(infrastructure)) return;
  const { infra } = infrastructure;
  const { db, clock, log, metrics } = infra;
  const seedStarted = Date.now();
  const consumedBefore = await consumedByGroup(metrics);
  const settleAll = () => whenRunnersCaughtUp(runners, log);
  await seedDemoData({ db, clock, log }, settleAll);
  await settleAll();
  logCatchUp(log, consumedBefore, await consumedByGroup(metrics), Date.now() - seedStarted);
}
async function whenRunnersCaughtUp(runners, log) {
  const work = (async () => {
    for (let round = 0; round < SETTLE_ROUNDS; round++) {
      for (const runner of runners) await runner.whenCaughtUp?.();
    }
  })();
  const timeout = new Promise(
    (resolve) => setTimeout(() => resolve("timeout"), SETTLE_TIMEOUT_MS).unref()
  );
  if (await Promise.race([work, timeout]) === "timeout") {
    log.warn({ timeoutMs: SETTLE_TIMEOUT_MS }, "demo events still in flight; starting anyway");
  }
}
export {
  TIMERS_AFTER_THE_DEMO_SEED,
  seedDemo,
  seedsDemo,
  whenRunnersCaughtUp
};
//# sourceMappingURL=demo-start.js.map
