import { seedDemoData } from "../demo/seed-demo-data.js";
import { consumedByGroup, logCatchUp } from "../platform/events/catch-up-summary.js";
import type { Runner } from "../platform/events/event-platform.js";
import type { Logger } from "../platform/log/logger.js";
import type { Infrastructure } from "./infrastructure.js";

const SETTLE_ROUNDS = 3;
const SETTLE_TIMEOUT_MS = 60_000;

/**
 * The timers that start only after the demo seed (by their names in src/workers/index.ts): the
 * seeded history is back-dated, so between two of a booking's steps its deadline lies in the past;
 * a timer running then would expire (crm) or force-release (chessboard) what the next step confirms.
 */
export const TIMERS_AFTER_THE_DEMO_SEED: ReadonlySet<string> = new Set([
  "bookingExpiration",
  "holdExpiration",
]);

/** Whether this start seeds the demo (PIN_SEED_DEMO on the embedded database). */
export function seedsDemo({ settings, database }: Pick<Infrastructure, "settings" | "database">): boolean {
  return settings.seedDemoData && database.embedded;
}

/**
 * The embedded demo (PIN_SEED_DEMO on the embedded database): seeds, then waits until its events
 * went round (chessboard → crm replica, the history → chessboard, storefront, funnel, chats), so
 * the start announces "ready" after the relay and the consumers caught up.
 */
export async function seedDemo(infrastructure: Infrastructure, runners: readonly Runner[]): Promise<void> {
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

/** Waits (bounded) until every runner that can tell has nothing pending, a few rounds deep. */
export async function whenRunnersCaughtUp(runners: readonly Runner[], log: Logger): Promise<void> {
  const work = (async () => {
    for (let round = 0; round < SETTLE_ROUNDS; round++) {
      for (const runner of runners) await runner.whenCaughtUp?.();
    }
  })();
  const timeout = new Promise<"timeout">((resolve) =>
    setTimeout(() => resolve("timeout"), SETTLE_TIMEOUT_MS).unref(),
  );
  if ((await Promise.race([work, timeout])) === "timeout") {
    log.warn({ timeoutMs: SETTLE_TIMEOUT_MS }, "demo events still in flight; starting anyway");
  }
}
