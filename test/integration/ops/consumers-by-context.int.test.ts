import { randomUUID } from "node:crypto";
import { afterEach, expect, it } from "vitest";
import { CATALOG_CHESSBOARD_SYNC_GROUP } from "../../../src/consumers/catalog-chessboard-sync.consumer.js";
import { CHESSBOARD_BOOKING_STATUS_GROUP } from "../../../src/consumers/chessboard-booking-status.consumer.js";
import { CONSUMERS_BY_CONTEXT } from "../../../src/consumers/index.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { loadSettings } from "../../../src/platform/config/settings.js";
import { prismaRunner } from "../../../src/platform/db/sql-runner.js";
import { appendToLog } from "../../../src/platform/events/local/sql/append.js";
import { loadOffset } from "../../../src/platform/events/local/sql/load-offset.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../../src/platform/metrics/registry.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService } from "../../support/services.js";

// Decision 0516 (issue #26): PIN_ROLES=consumers:chessboard runs the chessboard context's consumers
// and no other, so the one consumer on the live grid's path gets an event loop of its own;
// consumers:-chessboard runs the rest. Observed through what the groups do (their offsets in the
// local event log) and `pin_consumer_group_running`.
const clock = new ManualClock("2026-07-01T09:00:00.000Z");
const definitions = CONSUMERS_BY_CONTEXT.map(({ context, make }) => ({
  context,
  definition: make({
    log: createMemoryLogger().logger,
    clock,
    metrics: createMetricsRegistry(),
    settings: loadSettings({ NODE_ENV: "test" }),
    devstats: null,
  }),
})).flatMap(({ context, definition }) => (definition ? [{ context, definition }] : []));
const topicsOf = (group: string) => {
  const d = definitions.find((x) => x.definition.group === group)?.definition;
  return d?.topics ? [...d.topics] : Object.keys(d?.handlers ?? {});
};

async function runningGroups(app: TestApp): Promise<string[]> {
  const metric = app.metrics.getSingleMetric("pin_consumer_group_running");
  if (!metric) return [];
  return (await metric.get()).values
    .filter((v) => v.value === 1)
    .map((v) => String(v.labels.group))
    .sort();
}

/** One hostile message on the first topic of each group (the groups that run dead-letter or skip it). */
async function oneMessageFor(
  app: TestApp,
  groups: string[],
): Promise<Map<string, { topic: string; id: bigint }>> {
  const ends = new Map<string, { topic: string; id: bigint }>();
  for (const group of groups) {
    const topic = topicsOf(group)[0]!;
    await appendToLog(prismaRunner(app.db), [{ topic, key: randomUUID(), value: "{}", headers: {} }]);
    const rows = await app.db.$queryRaw<Array<{ id: bigint }>>`
      SELECT max(id) AS id FROM platform.event_log WHERE topic = ${topic}`;
    ends.set(group, { topic, id: rows[0]!.id });
  }
  return ends;
}

describeWithService(["postgres"], "consumers selected by context (PIN_ROLES=consumers:<context>)", () => {
  let app: TestApp | null = null;
  afterEach(async () => {
    await app?.stop();
    app = null;
  });

  /**
   * The app started with `roles` runs exactly `expected` groups: of one message for `runs` and one
   * for `idle`, the first is read and the second, a second later, is still unread.
   */
  async function readsOnly(roles: string, expected: string[], runs: string, idle: string): Promise<void> {
    const started = await startTestApp({ clock, env: { PIN_ROLES: roles } });
    app = started;
    expect(await runningGroups(started)).toEqual([...expected].sort());
    const ends = await oneMessageFor(started, [runs, idle]);
    const read = ends.get(runs)!;
    await eventually(() => loadOffset(started.db, runs, read.topic), {
      until: (p) => p.id >= read.id,
      what: `${runs} read its message`,
    });
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await loadOffset(started.db, idle, ends.get(idle)!.topic)).id).toBe(0n);
  }
  const groupsWhere = (keep: (context: string) => boolean) =>
    definitions.filter((d) => keep(d.context)).map((d) => d.definition.group);

  it("a process started with PIN_ROLES=consumers:chessboard runs only the chessboard's consumers", async () => {
    expect(groupsWhere((c) => c === "chessboard")).toEqual([CHESSBOARD_BOOKING_STATUS_GROUP]);
    await readsOnly(
      "consumers:chessboard",
      [CHESSBOARD_BOOKING_STATUS_GROUP],
      CHESSBOARD_BOOKING_STATUS_GROUP,
      CATALOG_CHESSBOARD_SYNC_GROUP,
    );
  });

  it("PIN_ROLES=consumers:-chessboard runs every other consumer and not the chessboard's", async () => {
    await readsOnly(
      "consumers:-chessboard",
      groupsWhere((c) => c !== "chessboard"),
      CATALOG_CHESSBOARD_SYNC_GROUP,
      CHESSBOARD_BOOKING_STATUS_GROUP,
    );
  });
});
