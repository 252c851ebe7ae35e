import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { devStatsDimensionConsumer } from "../../../src/consumers/devstats-dimension.consumer.js";
import { devStatsFunnelBookingCreatedConsumer } from "../../../src/consumers/devstats-funnel-booking-created.consumer.js";
import { devStatsFunnelDealSaleStartedConsumer } from "../../../src/consumers/devstats-funnel-deal-sale-started.consumer.js";
import { createDevStats, type DevStats } from "../../../src/domain/devstats/devstats.runtime.js";
import { createChdbEngine, loadChdb } from "../../../src/platform/clickhouse/chdb-engine.js";
import type { ClickHouse } from "../../../src/platform/clickhouse/clickhouse.js";
import { createServerEngine } from "../../../src/platform/clickhouse/server-engine.js";
import type { ManualClock } from "../../../src/platform/clock/clock.js";
import { loadSettings } from "../../../src/platform/config/settings.js";
import type { Db } from "../../../src/platform/db/prisma-client.js";
import type { AnyConsumerDefinition } from "../../../src/platform/events/consumer/definition.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import type { InboundMessage } from "../../../src/platform/events/wire.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../../src/platform/metrics/registry.js";
import { createConsumerRig, type DlqCopy } from "../../support/consumer-rig.js";
import { clickhouseUrl, isCI } from "../../support/services.js";

export type EngineKind = "server" | "chdb";

/** A port nothing listens on: the server engine pointed there is "ClickHouse down". */
const DEAD_URL = "http://127.0.0.1:9";

/**
 * A real engine that can be taken down and brought back, for the outage criterion:
 * server → requests go to a port nobody listens on (connection refused);
 * chdb → the session is closed, then reopened on the same data path.
 */
export interface TestEngine {
  readonly kind: EngineKind;
  readonly clickhouse: ClickHouse;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function openTestEngine(kind: EngineKind): Promise<TestEngine | { skip: string }> {
  let current: ClickHouse;
  let reopen: () => Promise<ClickHouse>;
  let cleanup = async () => {};
  if (kind === "server") {
    reopen = async () => createServerEngine({ url: clickhouseUrl() });
  } else {
    const loaded = await loadChdb();
    if ("error" in loaded) {
      const msg = `chdb could not be loaded (${loaded.error}); it is an optional dependency: npm install`;
      if (isCI()) throw new Error(msg);
      return { skip: msg };
    }
    const dir = mkdtempSync(join(tmpdir(), "pin-devstats-chdb-"));
    reopen = async () => createChdbEngine(loaded.chdb, dir);
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  current = await reopen();
  const dead = createServerEngine({ url: DEAD_URL, requestTimeoutMs: 2_000 });
  let isDown = false;
  // chdb down = its session closed (the engine itself refuses); server down = nobody listening.
  const target = () => (isDown && kind === "server" ? dead : current);
  const delegate: ClickHouse = {
    get engine() {
      return current.engine;
    },
    command: (sql) => target().command(sql),
    query: (sql) => target().query(sql),
    insert: (table, rows) => target().insert(table, rows),
    ping: () => target().ping(),
    close: () => current.close(),
  } as ClickHouse;
  return {
    kind,
    clickhouse: delegate,
    // Idempotent: up() on an engine that is up must not open a second chdb session (the first would
    // stay open in this process, and chdb allows one data directory per process — the next file in
    // the worker could not open its own, decision 0532).
    async down() {
      if (isDown) return;
      isDown = true;
      if (kind === "chdb") await current.close();
    },
    async up() {
      if (!isDown) return;
      if (kind === "chdb") current = await reopen();
      isDown = false;
    },
    async close() {
      await current.close();
      await dead.close();
      await cleanup();
    },
  };
}

/** A conversionFunnel answer: the selected data on success, else a typed error's code. */
export type ConversionFunnelAnswer<Data> = {
  conversionFunnel: { __typename: string; code?: string; data?: Data };
};

export const uniqueChDatabase = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;

export const DIMENSION_RETRIES = 2;
const RETRY_BASE_MS = 60_000;

/** funnel_daily read straight (no FINAL): a stage's count of one object × day, and the whole table. */
function funnelReads(clickhouse: ClickHouse, database: string) {
  async function stageCount(
    stage: "Bookings" | "Deals",
    propertyObjectId: string,
    day: string,
    developerId?: string,
  ): Promise<number> {
    const rows = await clickhouse.query<{ n: string | number }>(
      `SELECT toUInt64(uniqMerge(${stage})) AS n FROM ${database}.funnel_daily
       WHERE PropertyObjectId = '${propertyObjectId}' AND EventDate = toDate('${day}')
       ${developerId ? `AND DeveloperId = '${developerId}'` : ""}`,
    );
    return Number(rows[0]?.n ?? 0);
  }
  return {
    /** uniqMerge(Bookings) of one object × day. */
    bookings: (propertyObjectId: string, day: string, developerId?: string) =>
      stageCount("Bookings", propertyObjectId, day, developerId),
    /** uniqMerge(Deals) of one object × day. */
    deals: (propertyObjectId: string, day: string, developerId?: string) =>
      stageCount("Deals", propertyObjectId, day, developerId),
    /** Every Bookings count in the table by (developer, object, day): a replay must leave it equal. */
    async snapshot(): Promise<string> {
      const rows = await clickhouse.query<Record<string, unknown>>(
        `SELECT DeveloperId, PropertyObjectId, toString(EventDate) AS D, toUInt64(uniqMerge(Bookings)) AS n
         FROM ${database}.funnel_daily GROUP BY DeveloperId, PropertyObjectId, EventDate
         ORDER BY DeveloperId, PropertyObjectId, D`,
      );
      return JSON.stringify(rows.map((r) => [r.DeveloperId, r.PropertyObjectId, r.D, Number(r.n)]));
    },
  };
}

/** dev-stats and its two consumers driven through the platform's real message processor. */
export async function createDevStatsHarness(opts: {
  db: Db;
  clickhouse: ClickHouse;
  database: string;
  clock: ManualClock;
}) {
  const registry = createMetricsRegistry();
  const { logger, entries } = createMemoryLogger();
  const settings = loadSettings({
    NODE_ENV: "test",
    PIN_DEVSTATS_DIMENSION_RETRIES: String(DIMENSION_RETRIES),
    PIN_DEVSTATS_DIMENSION_RETRY_MS: String(RETRY_BASE_MS),
    PIN_FEATURE_FLAG_REFRESH_MS: "0",
  });
  const devstats: DevStats = await createDevStats({
    clickhouse: opts.clickhouse,
    db: opts.db,
    clock: opts.clock,
    log: logger,
    metrics: registry,
    settings,
    database: opts.database,
  });
  const dlq: DlqCopy[] = [];
  const rigOf = (def: AnyConsumerDefinition) =>
    createConsumerRig(def, opts.db, {
      clock: opts.clock,
      log: logger,
      registry,
      send: async (m) => void dlq.push(m),
    });
  const funnelDef = devStatsFunnelBookingCreatedConsumer(devstats) as AnyConsumerDefinition;
  const dimensionDef = devStatsDimensionConsumer(devstats) as AnyConsumerDefinition;
  const dealDef = devStatsFunnelDealSaleStartedConsumer(devstats) as AnyConsumerDefinition;
  const processors = {
    [TOPIC.bookingCreated]: rigOf(funnelDef),
    [TOPIC.dealSaleStarted]: rigOf(dealDef),
    [TOPIC.propertyObjectUpserted]: rigOf(dimensionDef),
  } as const;

  /** Parked messages of the Bookings group (default) or of the Deals group. */
  const parkedRows = (group: string = funnelDef.group) => processors[TOPIC.bookingCreated].parkedRows(group);

  return {
    devstats,
    dlq,
    logs: entries,
    registry,
    funnelGroup: funnelDef.group,
    dealGroup: dealDef.group,
    /**
     * One delivery through the runtime's processor. `done:<result>` = the transport commits the
     * offset; `infrastructure` = it does not (pause, back off, come back to this message).
     */
    async deliver(message: InboundMessage): Promise<string> {
      const entry = processors[message.topic as keyof typeof processors];
      const outcome = await entry.processor.process(message);
      return outcome.kind === "infrastructure" ? "infrastructure" : outcome.result;
    },
    /** One batch through the runtime's processor (as a transport hands over a partition's batch). */
    async deliverBatch(messages: InboundMessage[]): Promise<string[] | "infrastructure"> {
      const entry = processors[messages[0]!.topic as keyof typeof processors];
      const outcome = await entry.processor.processBatch(messages);
      return outcome.kind === "infrastructure" ? "infrastructure" : outcome.results;
    },
    /** Run the due parked retries as the scanner does (after moving the clock past the backoff). */
    async retryParked(group: string = funnelDef.group): Promise<string[]> {
      const results: string[] = [];
      const topic = group === dealDef.group ? TOPIC.dealSaleStarted : TOPIC.bookingCreated;
      for (const row of await parkedRows(group)) {
        const outcome = await processors[topic].processor.retryParked(row);
        results.push(outcome.kind === "infrastructure" ? "infrastructure" : outcome.result);
      }
      return results;
    },
    parkedRows,
    ...funnelReads(opts.clickhouse, opts.database),
    async metric(name: string, labels: Record<string, string> = {}): Promise<number> {
      const metric = registry.getSingleMetric(name);
      if (!metric) return 0;
      const { values } = await metric.get();
      return values
        .filter((v) => !("metricName" in v) || v.metricName === name || v.metricName === `${name}_count`)
        .filter((v) =>
          Object.entries(labels).every(([k, l]) => (v.labels as Record<string, unknown>)[k] === l),
        )
        .reduce((sum, v) => sum + v.value, 0);
    },
  };
}

export type DevStatsHarness = Awaited<ReturnType<typeof createDevStatsHarness>>;
