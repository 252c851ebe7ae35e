import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { createClient } from "@clickhouse/client";
import { devStatsFunnelBookingCreatedConsumer } from "../../src/consumers/devstats-funnel-booking-created.consumer.js";
import { createDevStats, type DevStats } from "../../src/domain/devstats/devstats.runtime.js";
import type { BatchItem, DimensionRow, FunnelBookingRow } from "../../src/domain/devstats/funnel.js";
import { type ChdbSession, chdbEngineOn, loadChdb } from "../../src/platform/clickhouse/chdb-engine.js";
import type { ClickHouse } from "../../src/platform/clickhouse/clickhouse.js";
import { createServerEngine } from "../../src/platform/clickhouse/server-engine.js";
import { systemClock } from "../../src/platform/clock/clock.js";
import { loadSettings } from "../../src/platform/config/settings.js";
import { runMigrations } from "../../src/platform/db/migrations/run-migrations.js";
import type { Db } from "../../src/platform/db/prisma-client.js";
import { createPrismaClient } from "../../src/platform/db/prisma-client.js";
import { processInChunks } from "../../src/platform/events/consumer/batch-pipeline.js";
import { createConsumerMetrics } from "../../src/platform/events/consumer/consumer-metrics.js";
import type { AnyConsumerDefinition } from "../../src/platform/events/consumer/definition.js";
import {
  type BatchOutcome,
  createMessageProcessor,
} from "../../src/platform/events/consumer/message-processor.js";
import { contractRegistry } from "../../src/platform/events/contracts/registry.js";
import { HEADER } from "../../src/platform/events/envelope.js";
import type { InboundMessage } from "../../src/platform/events/wire.js";
import type { FeatureFlags } from "../../src/platform/flags/feature-flags.js";
import { createLogger } from "../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../src/platform/metrics/registry.js";
import {
  bookingMessage,
  bookingPayload,
  type ObjectPath,
} from "../../test/integration/devstats/devstats-messages.js";
import { createBenchDatabase, need } from "../support.js";
import type { BenchResult } from "../types.js";

/**
 * bench/devstats (`npm run bench devstats`), sizes from the environment:
 *   DEVSTATS_BENCH_EVENTS   booking-created events through the consumer path (default 100000)
 *   DEVSTATS_BENCH_BOOKINGS bookings loaded for the read figures (default 1000000)
 *   DEVSTATS_BENCH_OBJECTS  property objects (default 10000)
 *   DEVSTATS_BENCH_ENGINES  "server,chdb" (default both)
 *   DEVSTATS_BENCH_LANES    partitions processed at once in the concurrent figure (default 2; 1 skips it)
 *   DEVSTATS_BENCH_CH_PID   the ClickHouse server's pid for its CPU figures (default: found in /proc)
 * Ingest, interleaved per round of 4 batches of 1,000 (what one Kafka fetch of a partition holds)
 * in an order that rotates from round to round, with the CPU each side costs this process and the
 * ClickHouse server:
 * - the consumer as the Kafka transport drives it: the round through processInChunks, batches of
 *   1,000 through the runtime's processor (envelope, JSON Schema, handleBatch, the sink's confirmed
 *   insert), the next batch prepared while one is inserted (decision 0217) — the target's figure;
 * - the same processor one batch after the other, and the ingest level (ingest.prepare + sink);
 * - bare inserts of the same rows in the same batch size into the same table shape:
 *   @clickhouse/client's JSONEachRow of the row objects (the baseline of the target) and a
 *   hand-built TabSeparated insert (the cheapest bare insert).
 */
const EVENTS = Number(process.env.DEVSTATS_BENCH_EVENTS ?? 100_000);
const BOOKINGS = Number(process.env.DEVSTATS_BENCH_BOOKINGS ?? 1_000_000);
const OBJECTS = Number(process.env.DEVSTATS_BENCH_OBJECTS ?? 10_000);
const ENGINES = (process.env.DEVSTATS_BENCH_ENGINES ?? "server,chdb").split(",");
const BATCH = 1_000;
const LANES = Number(process.env.DEVSTATS_BENCH_LANES ?? 2);
/** Events per round of the interleaved ingest measurement */
const ROUND = 4 * BATCH;
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

/**
 * An engine for our code plus the bare baselines on the same server / chdb session:
 * `bareJson` = what @clickhouse/client users write (values = the row objects, JSONEachRow; on
 * chdb the raw JSONEachRow passthrough insert), `bareTsv` = a hand-built TabSeparated insert of
 * the same rows (the cheapest bare insert of this shape).
 */
interface Opened {
  ch: ClickHouse;
  bareJson(table: string, rows: readonly FunnelBookingRow[]): Promise<void>;
  bareTsv(table: string, rows: readonly FunnelBookingRow[]): Promise<void>;
  cleanup(): Promise<void>;
}

const FUNNEL_IN_COLUMNS = [
  "DeveloperId",
  "ProjectId",
  "BuildingId",
  "LayoutGroupId",
  "LayoutId",
  "PropertyObjectId",
  "EventDate",
  "BookingId",
] as const;

function tsvOf(rows: readonly FunnelBookingRow[]): string {
  let text = "";
  for (const r of rows)
    text += `${r.DeveloperId}\t${r.ProjectId}\t${r.BuildingId}\t${r.LayoutGroupId}\t${r.LayoutId}\t${r.PropertyObjectId}\t${r.EventDate}\t${r.BookingId}\n`;
  return text;
}

async function openEngine(kind: string): Promise<Opened | null> {
  if (kind === "server") {
    const url = need("TEST_CLICKHOUSE_URL");
    const ch = createServerEngine({ url, requestTimeoutMs: 300_000 });
    const client = createClient({ url, request_timeout: 300_000, clickhouse_settings: {} });
    return {
      ch,
      bareJson: async (table, rows) => {
        await client.insert({ table, values: rows as FunnelBookingRow[], format: "JSONEachRow" });
      },
      bareTsv: async (table, rows) => {
        await client.insert({
          table,
          values: Readable.from([Buffer.from(tsvOf(rows))], { objectMode: false }),
          format: "TabSeparated",
          columns: [...FUNNEL_IN_COLUMNS],
        });
      },
      cleanup: async () => {
        await ch.close();
        await client.close();
      },
    };
  }
  const loaded = await loadChdb();
  if ("error" in loaded) {
    console.log(`chdb not available: ${loaded.error}`);
    return null;
  }
  const dir = mkdtempSync(join(tmpdir(), "pin-bench-chdb-"));
  // chdb allows one session per process: ours and the bare inserts share it.
  const session: ChdbSession = new loaded.chdb.Session(dir);
  const ch = chdbEngineOn(session);
  return {
    ch,
    bareJson: async (table, rows) => {
      let text = "";
      for (const row of rows) text += `${JSON.stringify(row)}\n`;
      await session.insert({ table, values: Buffer.from(text), format: "JSONEachRow" });
    },
    bareTsv: async (table, rows) => {
      await session.insert({
        table,
        values: Buffer.from(tsvOf(rows)),
        format: "TabSeparated",
        columns: FUNNEL_IN_COLUMNS,
      });
    },
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
  const dbRuntime = `bench_devstats_${kind}_rt_${tag}`;
  const dbPipe = `bench_devstats_${kind}_pl_${tag}`;
  const dbBareJson = `bench_devstats_${kind}_bj_${tag}`;
  const dbBareTsv = `bench_devstats_${kind}_bt_${tag}`;
  const dbRead = `bench_devstats_${kind}_r_${tag}`;
  const dbLaneRuntime = `bench_devstats_${kind}_lr_${tag}`;
  const dbLaneBare = `bench_devstats_${kind}_lb_${tag}`;
  const results: BenchResult[] = [];
  const pg = await createBenchDatabase("pin_bench_devstats");
  const log = createLogger({ level: "warn", pretty: false });
  await runMigrations({ url: pg.url, log });
  const db = createPrismaClient({ url: pg.url });
  try {
    const w = world();
    const consumer = await devstatsOn(ch, dbConsumer);
    const viaRuntime = await devstatsOn(ch, dbRuntime);
    const viaPipe = await devstatsOn(ch, dbPipe);
    await devstatsOn(ch, dbBareJson);
    await devstatsOn(ch, dbBareTsv);
    for (let i = 0; i < w.dims.length; i += 10_000) {
      await consumer.store.insertDimensions(w.dims.slice(i, i + 10_000));
      await viaRuntime.store.insertDimensions(w.dims.slice(i, i + 10_000));
      await viaPipe.store.insertDimensions(w.dims.slice(i, i + 10_000));
    }
    const processor = runtimeProcessor(viaRuntime, db);
    const pipeProcessor = runtimeProcessor(viaPipe, db);

    // Interleaved per round of ROUND events (ours through the runtime, ours at the ingest level,
    // bare JSONEachRow, bare TabSeparated) in an order that rotates from round to round: the
    // shared machine's load swings, and what the side run first after another side's inserts
    // pays (ClickHouse merging their parts), hit every side alike.
    const ms = { pipelined: 0, runtime: 0, ingest: 0, prepare: 0, bareJson: 0, bareTsv: 0 };
    // The same times once every object has been looked up once (the 60 s dimension cache is warm):
    // the first OBJECTS events each pay a cold dimension lookup of their batch.
    const warm = { pipelined: 0, runtime: 0, bareJson: 0, bareTsv: 0, events: 0 };
    // CPU per side: this Node process (process.cpuUsage) and, on the server engine, the local
    // ClickHouse server process (its merges included): where the time goes.
    const cpu = {
      runtime: { node: 0, server: 0 },
      pipelined: { node: 0, server: 0 },
      ingest: { node: 0, server: 0 },
      bareJson: { node: 0, server: 0 },
      bareTsv: { node: 0, server: 0 },
    };
    const serverCpu = kind === "server" ? serverCpuReader() : null;
    let parts = 0;
    let inserts = 0;
    type Events = ReturnType<typeof eventsOf>;
    const batchesOf = (events: Events) =>
      Array.from({ length: Math.ceil(events.messages.length / BATCH) }, (_, b) => [
        b * BATCH,
        (b + 1) * BATCH,
      ]);
    // The runtime as the Kafka transport drives it: one round = one fetch, `depth` batches at once.
    const throughRuntime = (events: Events, through: typeof processor, depth: number) =>
      processInChunks(through, events.messages, {
        chunkSize: BATCH,
        depth,
        onOutcome: async ({ outcome }) => {
          mustApplyAll(outcome);
          return true;
        },
      });
    type Side = keyof typeof cpu;
    const sides: Record<Side, (events: Events) => Promise<void>> = {
      runtime: (events) => throughRuntime(events, processor, 1),
      pipelined: (events) => throughRuntime(events, pipeProcessor, pipeProcessor.batchDepth),
      ingest: async (events) => {
        for (const [a, b] of batchesOf(events)) {
          const t = performance.now();
          const { outcomes, rows: planned } = await consumer.ingest.prepare(events.items.slice(a, b));
          ms.prepare += performance.now() - t;
          if (outcomes.some((o) => o.kind !== "applied")) throw new Error("bench: unexpected outcome");
          const sink = consumer.ingest.newSink();
          sink.write(planned);
          const flushed = await sink.flush();
          parts += flushed.parts;
          inserts += flushed.inserts;
        }
      },
      bareJson: async (events) => {
        for (const [a, b] of batchesOf(events))
          await opened.bareJson(`${dbBareJson}.funnel_bookings_in`, events.rows.slice(a, b));
      },
      bareTsv: async (events) => {
        for (const [a, b] of batchesOf(events))
          await opened.bareTsv(`${dbBareTsv}.funnel_bookings_in`, events.rows.slice(a, b));
      },
    };
    const order = Object.keys(sides) as Side[];
    for (let from = 0, round = 0; from < EVENTS; from += ROUND, round++) {
      const to = Math.min(EVENTS, from + ROUND);
      // Built per round, outside the timed part: a consumer holds one fetch, not the whole
      // stream (100k prebuilt messages made every GC of the side that allocates most expensive).
      const events = eventsOf(w, to - from, from);
      for (let k = 0; k < order.length; k++) {
        const side = order[(round + k) % order.length] as Side;
        const node0 = process.cpuUsage();
        const server0 = serverCpu?.() ?? 0;
        const t = performance.now();
        await sides[side](events);
        const spent = performance.now() - t;
        const node = process.cpuUsage(node0);
        cpu[side].node += (node.user + node.system) / 1000;
        cpu[side].server += (serverCpu?.() ?? 0) - server0;
        ms[side] += spent;
        if (from >= OBJECTS && side !== "ingest") warm[side] += spent;
      }
      if (from >= OBJECTS) warm.events += to - from;
    }
    const rate = (spentMs: number) => EVENTS / (spentMs / 1000);
    const vs = (name: string, value: number, baseline: number, target?: number): BenchResult => ({
      name,
      value,
      unit: "rows/s",
      baseline,
      ratio: value / baseline,
      ...(target === undefined ? {} : { target }),
    });
    const hasWarm = warm.events > 0;
    const warmRate = (spent: number) => warm.events / (spent / 1000);
    results.push(
      vs(
        `${kind}: consumer as the Kafka transport drives it (fetched rounds of ${ROUND / BATCH} batches, the next prepared while one is inserted) vs bare @clickhouse/client JSONEachRow insert`,
        rate(ms.pipelined),
        rate(ms.bareJson),
        0.8,
      ),
      ...(hasWarm
        ? [
            vs(
              `${kind}: the same, dimension cache warm (after the first ${OBJECTS} events)`,
              warmRate(warm.pipelined),
              warmRate(warm.bareJson),
              0.8,
            ),
          ]
        : []),
      vs(`${kind}: the same vs bare TabSeparated insert`, rate(ms.pipelined), rate(ms.bareTsv)),
      vs(
        `${kind}: runtime one batch after the other (no pipelining) vs bare JSONEachRow insert`,
        rate(ms.runtime),
        rate(ms.bareJson),
      ),
      ...(hasWarm
        ? [
            vs(
              `${kind}: runtime one batch after the other, dimension cache warm`,
              warmRate(warm.runtime),
              warmRate(warm.bareJson),
            ),
          ]
        : []),
      vs(
        `${kind}: ingest.prepare + sink vs bare JSONEachRow insert`,
        rate(ms.ingest),
        rate(ms.bareJson),
        0.8,
      ),
      vs(`${kind}: bare TabSeparated vs bare JSONEachRow insert`, rate(ms.bareTsv), rate(ms.bareJson)),
      {
        name: `${kind}: of which ingest.prepare (validation, enrichment, guard, rows)`,
        value: ms.prepare / (EVENTS / BATCH),
        unit: "ms/batch",
      },
      {
        name: `${kind}: funnel_daily parts created per 100k events`,
        value: (parts * 100_000) / EVENTS,
        unit: "parts",
      },
      { name: `${kind}: inserts per 100k events`, value: (inserts * 100_000) / EVENTS, unit: "inserts" },
    );
    // Partitions consumed at once, as the Kafka transport does (up to 6 per consumer): LANES
    // batches processed concurrently, so one partition's parsing and checks overlap another's
    // insert; the bare side gets as many concurrent inserters. Own databases, fresh events.
    const perThousand = (spent: number) => (spent * 1000) / EVENTS;
    for (const side of order) {
      results.push({
        name: `${kind}: ${side}: CPU of this Node process per 1,000 rows`,
        value: perThousand(cpu[side].node),
        unit: "ms",
      });
      if (serverCpu)
        results.push({
          name: `${kind}: ${side}: CPU of the ClickHouse server per 1,000 rows (merges included)`,
          value: perThousand(cpu[side].server),
          unit: "ms",
        });
    }
    const checked = [dbConsumer, dbRuntime, dbPipe, dbBareJson, dbBareTsv];
    if (LANES > 1) {
      const laneRuntime = await devstatsOn(ch, dbLaneRuntime);
      await devstatsOn(ch, dbLaneBare);
      for (let i = 0; i < w.dims.length; i += 10_000)
        await laneRuntime.store.insertDimensions(w.dims.slice(i, i + 10_000));
      const laneProcessor = runtimeProcessor(laneRuntime, db);
      const lanes = { runtime: 0, bare: 0 };
      for (let i = 0; i < EVENTS; i += BATCH * LANES) {
        const laneEvents = eventsOf(w, Math.min(EVENTS, i + BATCH * LANES) - i, i);
        const slices = Array.from({ length: LANES }, (_, l) => l * BATCH)
          .filter((from) => from < laneEvents.messages.length)
          .map((from) => [from, Math.min(laneEvents.messages.length, from + BATCH)] as const);
        let t = performance.now();
        const outcomes = await Promise.all(
          slices.map(([from, to]) => laneProcessor.processBatch(laneEvents.messages.slice(from, to))),
        );
        lanes.runtime += performance.now() - t;
        for (const outcome of outcomes) mustApplyAll(outcome);
        t = performance.now();
        await Promise.all(
          slices.map(([from, to]) =>
            opened.bareJson(`${dbLaneBare}.funnel_bookings_in`, laneEvents.rows.slice(from, to)),
          ),
        );
        lanes.bare += performance.now() - t;
      }
      results.push(
        vs(
          `${kind}: runtime, ${LANES} partitions at once (as the Kafka transport consumes them) vs bare JSONEachRow, ${LANES} inserts at once`,
          rate(lanes.runtime),
          rate(lanes.bare),
          0.8,
        ),
      );
      checked.push(dbLaneRuntime, dbLaneBare);
    }
    for (const database of checked) {
      const check = await ch.query<{ n: string }>(
        `SELECT toUInt64(uniqMerge(Bookings)) AS n FROM ${database}.funnel_daily`,
      );
      if (Math.abs(Number(check[0]?.n) - EVENTS) / EVENTS > 0.02)
        throw new Error(`bench: ${database} counted ${check[0]?.n} of ${EVENTS}`);
    }

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
    for (const database of [
      dbConsumer,
      dbRuntime,
      dbPipe,
      dbBareJson,
      dbBareTsv,
      dbRead,
      dbLaneRuntime,
      dbLaneBare,
    ])
      await ch.command(`DROP DATABASE IF EXISTS ${database}`).catch(() => {});
    await opened.cleanup();
    await db.$disconnect();
    await pg.drop();
  }
  return results;
}

/** Every event of the benchmark is valid and new: anything but "applied" is a broken run. */
function mustApplyAll(outcome: BatchOutcome): void {
  if (outcome.kind !== "done" || outcome.results.some((r) => r !== "applied"))
    throw new Error(`bench: runtime outcome ${JSON.stringify(outcome).slice(0, 300)}`);
}

/**
 * CPU ms the local ClickHouse server has used so far (user + system, its merges included), read
 * from /proc; null where there is no such process (a remote server, another OS).
 */
function serverCpuReader(): (() => number) | null {
  const findPid = (): string | null => {
    if (process.env.DEVSTATS_BENCH_CH_PID) return process.env.DEVSTATS_BENCH_CH_PID;
    try {
      for (const pid of readdirSync("/proc")) {
        if (!/^\d+$/.test(pid)) continue;
        const comm = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
        if (comm.startsWith("clickhouse-serv")) return pid;
      }
    } catch {
      return null;
    }
    return null;
  };
  const pid = findPid();
  if (!pid) return null;
  const msPerTick = 10; // USER_HZ = 100 on Linux
  return () => {
    try {
      // After "(comm) ": state is field 0, utime 11, stime 12.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      return (Number(fields[11]) + Number(fields[12])) * msPerTick;
    } catch {
      return 0;
    }
  };
}

/** The funnel consumer's definition under the batched runtime's processor (as a transport drives it). */
function runtimeProcessor(devstats: DevStats, db: Db) {
  const def = devStatsFunnelBookingCreatedConsumer(devstats) as AnyConsumerDefinition;
  return createMessageProcessor({
    def,
    db,
    log: createLogger({ level: "warn", pretty: false }),
    clock: systemClock,
    contracts: contractRegistry(),
    metrics: createConsumerMetrics(createMetricsRegistry(), def.specMetrics),
    send: async () => {},
  });
}

/**
 * `count` booking-created events (the stream's from `first` on) three ways: wire messages as crm's relay publishes them (for
 * the runtime), (messageId, payload) items (for ingest.prepare), and the rows they become (for
 * the bare inserts). 30 days, objects picked with a stride so every batch spans many objects.
 */
function eventsOf(w: World, count: number, first = 0) {
  const messages: InboundMessage[] = [];
  const items: BatchItem[] = [];
  const rows: FunnelBookingRow[] = [];
  for (let i = first; i < first + count; i++) {
    const d = w.dims[(i * 7919) % w.dims.length]!;
    const createdAt = `${dayOf(i, 30)}T12:00:00.000Z`;
    const payload = bookingPayload(
      { developerId: d.DeveloperId, propertyObjectId: d.PropertyObjectId } as ObjectPath,
      createdAt,
    );
    const message = bookingMessage(payload);
    messages.push(message);
    items.push({ messageId: message.headers[HEADER.messageId]!, payload });
    const { UpsertedAt: _u, Version: _v, ...path } = d;
    rows.push({ ...path, EventDate: createdAt.slice(0, 10), BookingId: payload.BookingId });
  }
  return { messages, items, rows };
}

export async function runDevstatsBenchmarks(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const kind of ENGINES) results.push(...(await runEngine(kind)));
  return results;
}
