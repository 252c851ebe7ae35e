import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { devStatsFunnelBookingCreatedConsumer } from "../../src/consumers/devstats-funnel-booking-created.consumer.js";
import { createDevStats, type DevStats } from "../../src/domain/devstats/devstats.runtime.js";
import type { DimensionRow, FunnelBookingRow } from "../../src/domain/devstats/funnel.js";
import { createChdbEngine, loadChdb } from "../../src/platform/clickhouse/chdb-engine.js";
import type { ClickHouse } from "../../src/platform/clickhouse/clickhouse.js";
import { createServerEngine } from "../../src/platform/clickhouse/server-engine.js";
import { systemClock } from "../../src/platform/clock/clock.js";
import { loadSettings } from "../../src/platform/config/settings.js";
import { runMigrations } from "../../src/platform/db/migrations/run-migrations.js";
import type { Db } from "../../src/platform/db/prisma-client.js";
import { createPrismaClient } from "../../src/platform/db/prisma-client.js";
import { createConsumerMetrics } from "../../src/platform/events/consumer/consumer-metrics.js";
import type { AnyConsumerDefinition } from "../../src/platform/events/consumer/definition.js";
import { createMessageProcessor } from "../../src/platform/events/consumer/message-processor.js";
import { contractRegistry } from "../../src/platform/events/contracts/registry.js";
import { HEADER } from "../../src/platform/events/envelope.js";
import { TOPIC } from "../../src/platform/events/topics.js";
import type { InboundMessage } from "../../src/platform/events/wire.js";
import type { FeatureFlags } from "../../src/platform/flags/feature-flags.js";
import { createLogger } from "../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../src/platform/metrics/registry.js";
import { need, withAdmin } from "../support.js";
import type { BenchResult } from "../types.js";

/**
 * bench/devstats (`npm run bench devstats`), sizes from the environment:
 *   DEVSTATS_BENCH_EVENTS   booking-created events through the consumer path (default 100000)
 *   DEVSTATS_BENCH_BOOKINGS bookings loaded for the read figures (default 1000000)
 *   DEVSTATS_BENCH_OBJECTS  property objects (default 10000)
 *   DEVSTATS_BENCH_ENGINES  "server,chdb" (default both)
 * Ingest: ingest.handleBatch (validation, one dim lookup per batch, tenant guard, rows, insert)
 * vs a bare insert of the same prepared rows in the same batch size into the same table.
 */
const EVENTS = Number(process.env.DEVSTATS_BENCH_EVENTS ?? 100_000);
const BOOKINGS = Number(process.env.DEVSTATS_BENCH_BOOKINGS ?? 1_000_000);
const OBJECTS = Number(process.env.DEVSTATS_BENCH_OBJECTS ?? 10_000);
const ENGINES = (process.env.DEVSTATS_BENCH_ENGINES ?? "server,chdb").split(",");
const BATCH = 1_000;
const QUERY_RUNS = Number(process.env.DEVSTATS_BENCH_QUERY_RUNS ?? 40);
const DEVELOPERS = 5;

const alwaysOn: FeatureFlags = { isEnabled: async () => true, set: async () => {}, invalidate: () => {} };

interface World {
  dims: DimensionRow[];
}

function world(): World {
  const developers = Array.from({ length: DEVELOPERS }, () => randomUUID());
  const projects = Array.from({ length: DEVELOPERS * 4 }, (_, i) => ({
    id: randomUUID(),
    dev: developers[i % DEVELOPERS]!,
  }));
  const buildings = Array.from({ length: projects.length * 5 }, (_, i) => ({
    id: randomUUID(),
    p: projects[i % projects.length]!,
  }));
  const groups = Array.from({ length: 50 }, () => randomUUID());
  const layouts = Array.from({ length: 500 }, () => randomUUID());
  const dims = Array.from({ length: OBJECTS }, (_, i): DimensionRow => {
    const b = buildings[i % buildings.length]!;
    return {
      DeveloperId: b.p.dev,
      ProjectId: b.p.id,
      BuildingId: b.id,
      LayoutGroupId: groups[i % groups.length]!,
      LayoutId: layouts[i % layouts.length]!,
      PropertyObjectId: randomUUID(),
      UpsertedAt: "2026-01-01 00:00:00",
      Version: 1,
    };
  });
  return { dims };
}

const dayOf = (i: number, days: number) =>
  new Date(Date.UTC(2026, 0, 1) + (i % days) * 86_400_000).toISOString().slice(0, 10);

async function openEngine(kind: string): Promise<{ ch: ClickHouse; cleanup: () => Promise<void> } | null> {
  if (kind === "server") {
    const ch = createServerEngine({ url: need("TEST_CLICKHOUSE_URL"), requestTimeoutMs: 300_000 });
    return { ch, cleanup: () => ch.close() };
  }
  const loaded = await loadChdb();
  if ("error" in loaded) {
    console.log(`chdb not available: ${loaded.error}`);
    return null;
  }
  const dir = mkdtempSync(join(tmpdir(), "pin-bench-chdb-"));
  const ch = createChdbEngine(loaded.chdb, dir);
  return {
    ch,
    cleanup: async () => {
      await ch.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function devstatsOn(ch: ClickHouse, database: string): Promise<DevStats> {
  return createDevStats({
    clickhouse: ch,
    db: null as unknown as Db, // flags are injected: no PostgreSQL needed here
    clock: systemClock,
    log: createLogger({ level: "warn", pretty: false }),
    metrics: createMetricsRegistry(),
    settings: loadSettings({ NODE_ENV: "test" }),
    database,
    flags: alwaysOn,
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function runEngine(kind: string): Promise<BenchResult[]> {
  const opened = await openEngine(kind);
  if (!opened) return [];
  const { ch } = opened;
  const tag = `${Date.now().toString(36)}`;
  const dbConsumer = `bench_devstats_${kind}_c_${tag}`;
  const dbBare = `bench_devstats_${kind}_b_${tag}`;
  const dbRead = `bench_devstats_${kind}_r_${tag}`;
  const results: BenchResult[] = [];
  try {
    const w = world();
    const consumer = await devstatsOn(ch, dbConsumer);
    const bare = await devstatsOn(ch, dbBare);
    for (let i = 0; i < w.dims.length; i += 10_000)
      await consumer.store.insertDimensions(w.dims.slice(i, i + 10_000));

    // Events (payloads as crm publishes them) and the rows they become.
    const items = Array.from({ length: EVENTS }, (_, i) => {
      const d = w.dims[(i * 7919) % w.dims.length]!;
      return {
        messageId: randomUUID(),
        payload: {
          BookingId: randomUUID(),
          PropertyObjectId: d.PropertyObjectId,
          TenantId: d.DeveloperId,
          CreatedAt: `${dayOf(i, 30)}T12:00:00.000Z`,
        },
      };
    });
    const byId = new Map(w.dims.map((d) => [d.PropertyObjectId, d]));
    const rows: FunnelBookingRow[] = items.map((item) => {
      const d = byId.get(item.payload.PropertyObjectId)!;
      const { UpsertedAt: _u, Version: _v, ...path } = d;
      return { ...path, EventDate: item.payload.CreatedAt.slice(0, 10), BookingId: item.payload.BookingId };
    });

    // Interleaved (consumer batch i, then the bare insert of the same rows) so that the shared
    // machine's load swings hit both sides alike.
    let parts = 0;
    let prepareMs = 0;
    let consumerMs = 0;
    let bareMs = 0;
    for (let i = 0; i < items.length; i += BATCH) {
      const batch = items.slice(i, i + BATCH);
      let t = performance.now();
      const { outcomes, rows: planned } = await consumer.ingest.prepare(batch);
      prepareMs += performance.now() - t;
      if (outcomes.some((o) => o.kind !== "applied")) throw new Error("bench: unexpected outcome");
      const sink = consumer.ingest.newSink();
      sink.write(planned);
      parts += (await sink.flush()).parts;
      consumerMs += performance.now() - t;
      t = performance.now();
      await bare.store.insertBookings(rows.slice(i, i + BATCH));
      bareMs += performance.now() - t;
    }
    const consumerSeconds = consumerMs / 1000;
    const bareSeconds = bareMs / 1000;
    results.push({
      name: `${kind}: of which validation + enrichment + rows (prepare)`,
      value: prepareMs / (items.length / BATCH),
      unit: "ms/batch",
    });
    const consumerRate = EVENTS / consumerSeconds;
    const bareRate = EVENTS / bareSeconds;
    results.push({
      name: `${kind}: consumer ingest (${EVENTS} events, batches of ${BATCH})`,
      value: consumerRate,
      unit: "rows/s",
      baseline: bareRate,
      ratio: consumerRate / bareRate,
      target: 0.8,
    });
    results.push(...(await throughRuntime(kind, ch, w, items.length)));
    results.push({
      name: `${kind}: funnel_daily parts created per 100k events`,
      value: (parts * 100_000) / EVENTS,
      unit: "parts",
    });
    const check = await ch.query<{ n: string }>(
      `SELECT toUInt64(uniqMerge(Bookings)) AS n FROM ${dbConsumer}.funnel_daily`,
    );
    if (Math.abs(Number(check[0]?.n) - EVENTS) / EVENTS > 0.02)
      throw new Error(`bench: counted ${check[0]?.n} of ${EVENTS}`);

    if (BOOKINGS === 0) return results;
    // Read figures: BOOKINGS over OBJECTS objects, a year of days.
    const read = await devstatsOn(ch, dbRead);
    const chunk = 100_000;
    const t0 = performance.now();
    for (let i = 0; i < BOOKINGS; i += chunk) {
      const part: FunnelBookingRow[] = [];
      for (let j = i; j < Math.min(BOOKINGS, i + chunk); j++) {
        const { UpsertedAt: _u, Version: _v, ...path } = w.dims[(j * 7919) % w.dims.length]!;
        part.push({ ...path, EventDate: dayOf(j * 31, 365), BookingId: randomUUID() });
      }
      await read.store.insertBookings(part);
    }
    const loadSeconds = (performance.now() - t0) / 1000;
    results.push({
      name: `${kind}: load ${BOOKINGS} bookings (100k per insert)`,
      value: BOOKINGS / loadSeconds,
      unit: "rows/s",
    });

    const dev = w.dims[0]!;
    const shapes = {
      "developer, 365 days, TOTAL": { groupBy: "TOTAL" as const },
      "developer, 90 days, DAY": { groupBy: "DAY" as const, to: "2026-03-31" },
      "project, 365 days, DAY": { groupBy: "DAY" as const, projectId: dev.ProjectId },
      "property object, 365 days, TOTAL": {
        groupBy: "TOTAL" as const,
        propertyObjectId: dev.PropertyObjectId,
      },
    };
    for (const [label, shape] of Object.entries(shapes)) {
      const filter = {
        developerId: dev.DeveloperId,
        projectId: null,
        buildingId: null,
        layoutGroupId: null,
        layoutId: null,
        propertyObjectId: null,
        from: "2026-01-01",
        to: "2026-12-31",
        ...shape,
      };
      await read.store.readFunnel(filter); // warm-up
      const times: number[] = [];
      for (let r = 0; r < QUERY_RUNS; r++) {
        const s = performance.now();
        await read.store.readFunnel(filter);
        times.push(performance.now() - s);
      }
      times.sort((a, b) => a - b);
      results.push({
        name: `${kind}: conversionFunnel ${label} p50`,
        value: percentile(times, 50),
        unit: "ms",
      });
      results.push({
        name: `${kind}: conversionFunnel ${label} p99`,
        value: percentile(times, 99),
        unit: "ms",
      });
    }
    const partsNow = await ch.query<{ n: string }>(
      `SELECT count() AS n FROM system.parts WHERE database = '${dbRead}' AND table = 'funnel_daily' AND active`,
    );
    results.push({
      name: `${kind}: active parts of the 1M-booking table at query time`,
      value: Number(partsNow[0]?.n),
      unit: "parts",
    });
  } finally {
    for (const db of [dbConsumer, dbBare, dbRead])
      await ch.command(`DROP DATABASE IF EXISTS ${db}`).catch(() => {});
    await opened.cleanup();
  }
  return results;
}

/**
 * The same events as Kafka/local-log messages through the batched runtime's processor
 * (contract validation, parked-key check in PostgreSQL, handleBatch, sink flush) vs the bare
 * insert of the resulting rows, interleaved per batch of 1,000.
 */
async function throughRuntime(
  kind: string,
  ch: ClickHouse,
  w: World,
  events: number,
): Promise<BenchResult[]> {
  const dbName = `pin_bench_devstats_${kind}_${Date.now().toString(36)}`;
  await withAdmin((c) => c.query(`CREATE DATABASE "${dbName}"`));
  const url = new URL(need("TEST_DATABASE_URL"));
  url.pathname = `/${dbName}`;
  const log = createLogger({ level: "warn", pretty: false });
  await runMigrations({ url: url.toString(), log });
  const db = createPrismaClient({ url: url.toString() });
  const tag = Date.now().toString(36);
  try {
    const viaRuntime = await devstatsOn(ch, `bench_devstats_${kind}_rt_${tag}`);
    const bare = await devstatsOn(ch, `bench_devstats_${kind}_rb_${tag}`);
    for (let i = 0; i < w.dims.length; i += 10_000)
      await viaRuntime.store.insertDimensions(w.dims.slice(i, i + 10_000));
    const def = devStatsFunnelBookingCreatedConsumer(viaRuntime) as AnyConsumerDefinition;
    const registry = createMetricsRegistry();
    const processor = createMessageProcessor({
      def,
      db,
      log,
      clock: systemClock,
      contracts: contractRegistry(),
      metrics: createConsumerMetrics(registry, def.metricsPrefix),
      send: async () => {},
    });
    const messages: InboundMessage[] = [];
    const rows: FunnelBookingRow[] = [];
    for (let i = 0; i < events; i++) {
      const d = w.dims[(i * 7919) % w.dims.length]!;
      const createdAt = `${dayOf(i, 30)}T12:00:00.000Z`;
      const bookingId = randomUUID();
      const messageId = randomUUID();
      const payload = {
        BookingId: bookingId,
        DealId: randomUUID(),
        PropertyObjectId: d.PropertyObjectId,
        TenantId: d.DeveloperId,
        Version: 1,
        Status: "Reserved",
        CreatedAt: createdAt,
        InitiatedBy: "Agent",
        InitiatedByUserId: randomUUID(),
        ProgramTerms: { ReserveDurationMinutes: 60, BookingDurationHours: 24, IsPaid: false },
        ReserveExpiresAt: `${dayOf(i, 30)}T13:00:00.000Z`,
      };
      messages.push({
        topic: TOPIC.bookingCreated,
        partition: 0,
        offset: String(i),
        key: bookingId,
        value: JSON.stringify(payload),
        headers: {
          [HEADER.messageId]: messageId,
          [HEADER.eventType]: "booking-created",
          [HEADER.contractVersion]: "1",
          [HEADER.aggregateId]: bookingId,
          [HEADER.aggregateType]: "Booking",
          [HEADER.createdAt]: createdAt,
          [HEADER.correlationId]: messageId,
        },
      });
      const { UpsertedAt: _u, Version: _v, ...path } = d;
      rows.push({ ...path, EventDate: createdAt.slice(0, 10), BookingId: bookingId });
    }
    let runtimeMs = 0;
    let bareMs = 0;
    for (let i = 0; i < messages.length; i += BATCH) {
      let t = performance.now();
      const outcome = await processor.processBatch(messages.slice(i, i + BATCH));
      if (outcome.kind !== "done" || outcome.results.some((r) => r !== "applied")) {
        throw new Error(`bench: runtime outcome ${JSON.stringify(outcome).slice(0, 300)}`);
      }
      runtimeMs += performance.now() - t;
      t = performance.now();
      await bare.store.insertBookings(rows.slice(i, i + BATCH));
      bareMs += performance.now() - t;
    }
    const rate = events / (runtimeMs / 1000);
    const bareRate = events / (bareMs / 1000);
    return [
      {
        name: `${kind}: through the batched runtime (validation, parked-key check, handleBatch, sink) vs bare insert`,
        value: rate,
        unit: "rows/s",
        baseline: bareRate,
        ratio: rate / bareRate,
        target: 0.8,
      },
    ];
  } finally {
    for (const db of [`bench_devstats_${kind}_rt_${tag}`, `bench_devstats_${kind}_rb_${tag}`])
      await ch.command(`DROP DATABASE IF EXISTS ${db}`).catch(() => {});
    await db.$disconnect();
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
  }
}

export async function runDevstatsBenchmarks(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const kind of ENGINES) results.push(...(await runEngine(kind)));
  return results;
}
