import { seedDemoData } from "../demo/seed-demo-data.js";
import { seedDemoFunnel } from "../domain/devstats/seed/seed-demo-funnel.js";
import { consumedByGroup, logCatchUp } from "../platform/events/catch-up-summary.js";
import type { Runner } from "../platform/events/event-platform.js";
import type { Logger } from "../platform/log/logger.js";
import type { Infrastructure } from "./infrastructure.js";

const SETTLE_ROUNDS = 3;
const SETTLE_TIMEOUT_MS = 60_000;

/**
 * The embedded demo (PIN_SEED_DEMO on the embedded database): seeds, then waits until its events
 * went round (chessboard → crm replica), so the start announces "ready" after the relay and the
 * consumers caught up; then the dev-stats funnel's demo rows.
 */
export async function seedDemo(infrastructure: Infrastructure, runners: readonly Runner[]): Promise<void> {
  const { settings, database, infra, devstats } = infrastructure;
  if (!settings.seedDemoData || !database.embedded) return;
  const { db, clock, log, metrics } = infra;
  const seedStarted = Date.now();
  const consumedBefore = await consumedByGroup(metrics);
  const settleAll = () => settle(runners, log);
  await seedDemoData({ db, clock, log }, settleAll);
  await settleAll();
  logCatchUp(log, consumedBefore, await consumedByGroup(metrics), Date.now() - seedStarted);
  if (devstats) {
    await seedDemoFunnel({ devstats, clock, log }).catch((error: unknown) =>
      log.warn({ err: error }, "demo funnel not seeded"),
    );
  }
}

/** Waits (bounded) until every runner that can tell has nothing pending, a few rounds deep. */
async function settle(runners: readonly Runner[], log: Logger): Promise<void> {
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
