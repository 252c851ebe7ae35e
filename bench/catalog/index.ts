// Catalog benchmarks (npm run bench catalog): the pin-catalog-chessboard-sync handlers over real
// PostgreSQL, driven through the platform's message processor (dedup, contract validation, error
// policy, one transaction per message) without a broker, so the figure is the consumer's own cost.
// Figures go to docs/engineering/benchmarks-history.md ("Catalog"); reported, never CI gates.
import { randomUUID } from "node:crypto";
import { catalogChessboardSyncConsumer } from "../../src/consumers/catalog-chessboard-sync.consumer.js";
import { createRewardsClient } from "../../src/domain/catalog/rewards/rewards-commission.client.js";
import { systemClock } from "../../src/platform/clock/clock.js";
import { loadSettings } from "../../src/platform/config/settings.js";
import { runMigrations } from "../../src/platform/db/migrations/run-migrations.js";
import { createPrismaClient, type Db } from "../../src/platform/db/prisma-client.js";
import { createConsumerMetrics } from "../../src/platform/events/consumer/consumer-metrics.js";
import { createMessageProcessor } from "../../src/platform/events/consumer/message-processor.js";
import { contractRegistry } from "../../src/platform/events/contracts/registry.js";
import { HEADER } from "../../src/platform/events/envelope.js";
import { contractVersionOf, eventTypeOf, TOPIC } from "../../src/platform/events/topics.js";
import type { InboundMessage } from "../../src/platform/events/wire.js";
import { createLogger } from "../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../src/platform/metrics/registry.js";
import { chessboardHistory, type HistoryEvent } from "../../test/integration/catalog/chessboard-history.js";
import { projectEvent } from "../../test/support/fixtures/catalog-events.js";
import { need, withAdmin } from "../support.js";
import type { BenchResult } from "../types.js";
import { runLotsFeedBenchmark } from "./lots-feed.js";
import { installStatementProfile, takeStatementProfile } from "./profile-sync.js";
import { runStorefrontSearchBenchmark } from "./storefront-search.js";

const MIXED_LOTS_PER_BUILDING = Number(process.env.CATALOG_BENCH_LOTS_PER_BUILDING ?? 50);
const REPLAY_EVENTS = Number(process.env.CATALOG_BENCH_REPLAY_EVENTS ?? 100_000);
const CASCADE_LOTS = 10_000;
const THROUGHPUT_TARGET = 0.5;
const BARE_BATCH = 500;
/** CATALOG_BENCH_PARTS=mixed,replay,cascade,lots runs only those parts (replay and cascade run after mixed); default all */
/** CATALOG_BENCH_PROFILE=1: print where each sync figure's time went, statement by statement */
const PROFILE = process.env.CATALOG_BENCH_PROFILE === "1";
const PARTS = new Set(
  (process.env.CATALOG_BENCH_PARTS ?? "mixed,replay,cascade,lots,search").split(",").map((p) => p.trim()),
);

function toMessages(history: readonly HistoryEvent[], offset = 0): InboundMessage[] {
  const base = Date.parse("2026-12-01T08:00:00.000Z");
  return history.map((e, i) => ({
    topic: e.topic,
    partition: 0,
    offset: String(offset + i),
    key: e.key,
    value: JSON.stringify(e.payload),
    headers: {
      [HEADER.messageId]: randomUUID(),
      [HEADER.eventType]: eventTypeOf(e.topic),
      [HEADER.contractVersion]: String(contractVersionOf(e.topic)),
      [HEADER.aggregateId]: e.key,
      [HEADER.aggregateType]: "chessboard",
      [HEADER.createdAt]: new Date(base + i).toISOString(),
    },
  }));
}

async function freshDatabase(): Promise<{ db: Db; drop(): Promise<void> }> {
  const name = `bench_catalog_${Date.now().toString(36)}`;
  const admin = need("TEST_DATABASE_URL");
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  await runMigrations({ url: url.toString(), log: createLogger({ level: "warn", pretty: false }) });
  const db = createPrismaClient({ url: url.toString() });
  return {
    db,
    async drop() {
      await db.$disconnect();
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

function processorFor(db: Db) {
  const metrics = createMetricsRegistry();
  const log = createLogger({ level: "error", pretty: false });
  const def = catalogChessboardSyncConsumer({
    log,
    clock: systemClock,
    metrics,
    settings: loadSettings({ NODE_ENV: "test" }),
    rewards: createRewardsClient({ baseUrl: null, timeoutMs: 1 }),
  });
  return createMessageProcessor({
    def,
    db,
    log,
    clock: systemClock,
    contracts: contractRegistry(),
    metrics: createConsumerMetrics(metrics, def.specMetrics),
    send: async () => {},
  });
}

/** As the Kafka transport hands them over: batches of PIN_CONSUMER_BATCH_SIZE, one transaction each. */
const DELIVERY_BATCH = loadSettings({ NODE_ENV: "test" }).consumerBatchSize;

async function deliverAll(processor: ReturnType<typeof processorFor>, messages: readonly InboundMessage[]) {
  for (let i = 0; i < messages.length; i += DELIVERY_BATCH) {
    const outcome = await processor.processBatch(messages.slice(i, i + DELIVERY_BATCH));
    if (outcome.kind === "infrastructure") throw outcome.error;
  }
}

/**
 * Lot card row versions written so far: every insert starts a card at row_version 1 and every
 * write of the sync bumps it by one, so the sum counts the row writes (deterministic, unlike the
 * statistics collector's counters).
 */
async function cardRowWrites(db: Db): Promise<number> {
  const [row] = await db.$queryRaw<Array<{ n: bigint | null }>>`
    SELECT sum(row_version)::bigint AS n FROM catalog.property_object_cards`;
  return Number(row?.n ?? 0);
}

/** A lot's k-th occurrence in round k: the rows of one round are distinct. */
function lotRounds(lots: readonly string[]): string[][] {
  const rounds: string[][] = [];
  const seen = new Map<string, number>();
  for (const id of lots) {
    const k = seen.get(id) ?? 0;
    seen.set(id, k + 1);
    const round = rounds[k] ?? [];
    round.push(id);
    rounds[k] = round;
  }
  return rounds;
}

/** The same number of row writes as events, as plain batched upserts (no rules, no dedup). */
async function bareUpserts(db: Db, count: number): Promise<number> {
  await db.$executeRawUnsafe(`CREATE TABLE IF NOT EXISTS catalog.bench_bare (id uuid PRIMARY KEY, status text,
    price numeric(14,2), price_per_meter numeric(14,2), version bigint, updated_at timestamptz)`);
  const ids = Array.from({ length: Math.max(1, Math.floor(count / 4)) }, () => randomUUID());
  const started = performance.now();
  for (let i = 0; i < count; i += BARE_BATCH) {
    const n = Math.min(BARE_BATCH, count - i);
    const batch = Array.from({ length: n }, (_, k) => ids[(i + k) % ids.length] as string);
    const unique = [...new Set(batch)];
    await db.$executeRaw`
      INSERT INTO catalog.bench_bare (id, status, price, price_per_meter, version, updated_at)
      SELECT u, 'Published', 1000000 + v, round((1000000 + v) / 50.0, 2), v, now()
      FROM unnest(${unique}::uuid[]) WITH ORDINALITY AS t(u, v)
      ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, price = EXCLUDED.price,
        price_per_meter = EXCLUDED.price_per_meter, version = EXCLUDED.version, updated_at = EXCLUDED.updated_at`;
  }
  return count / ((performance.now() - started) / 1000);
}

function printProfile(figure: string, wallMs: number): void {
  const rows = takeStatementProfile();
  const inStatements = rows.reduce((sum, r) => sum + r.ms, 0);
  console.log(
    `\n${figure}: ${wallMs.toFixed(0)} ms wall, ${inStatements.toFixed(0)} ms waiting on statements, ` +
      `${(wallMs - inStatements).toFixed(0)} ms in the process`,
  );
  console.table(rows.slice(0, 25));
}

export async function runCatalogBenchmarks(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  if (PARTS.has("mixed") || PARTS.has("replay") || PARTS.has("cascade"))
    results.push(...(await runSyncBenchmarks()));
  // 4. the storefront lots feed (its own database of 100k synthetic cards)
  if (PARTS.has("lots")) results.push(...(await runLotsFeedBenchmark()));
  // 5. storefront search (issue 27): its own database of 100k cards with search variety
  if (PARTS.has("search")) results.push(...(await runStorefrontSearchBenchmark()));
  return results;
}

/** 1–3: the consumer's throughput (ours vs bare), the replay from offset 0, the cascade. */
async function runSyncBenchmarks(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const { db, drop } = await freshDatabase();
  try {
    // 1. mixed stream in realistic proportions
    const history = chessboardHistory({
      seed: 11,
      developers: 2,
      projectsPerDeveloper: 2,
      buildingsPerProject: 2,
      lotsPerBuilding: MIXED_LOTS_PER_BUILDING,
      changesPerLot: 3,
    });
    const messages = toMessages(history);
    const processor = processorFor(db);
    if (PROFILE) installStatementProfile();
    takeStatementProfile();
    let writesBefore = await cardRowWrites(db);
    let started = performance.now();
    await deliverAll(processor, messages);
    const eventsPerSecond = messages.length / ((performance.now() - started) / 1000);
    if (PROFILE) printProfile("mixed", performance.now() - started);
    const mixedWrites = (await cardRowWrites(db)) - writesBefore;
    const bare = await bareUpserts(db, messages.length);
    results.push({
      name: `mixed stream of the six event types (${messages.length} events, batches of ${DELIVERY_BATCH})`,
      value: eventsPerSecond,
      unit: "events/s",
      baseline: bare,
      ratio: eventsPerSecond / bare,
      target: THROUGHPUT_TARGET,
      note: "baseline: the same number of row writes as batched INSERT … ON CONFLICT of 500",
    });

    // 1b. the status/price flows alone (E/F, the bulk of a live stream): the history's changes
    // again with higher versions, so every one is applied, vs the same number of bare row writes
    const laterChanges = history
      .filter(
        (e) => e.topic === TOPIC.propertyObjectStatusChanged || e.topic === TOPIC.propertyObjectPriceChanged,
      )
      .map((e) => ({
        ...e,
        payload: { ...e.payload, Version: (e.payload as { Version: number }).Version + 10 },
      }));
    const changeMessages = toMessages(laterChanges, messages.length);
    takeStatementProfile();
    writesBefore = await cardRowWrites(db);
    started = performance.now();
    await deliverAll(processor, changeMessages);
    const changesPerSecond = changeMessages.length / ((performance.now() - started) / 1000);
    if (PROFILE) printProfile("status/price", performance.now() - started);
    const changeWrites = (await cardRowWrites(db)) - writesBefore;
    const bareChanges = await bareUpserts(db, changeMessages.length);
    results.push({
      name: `status/price changes alone (E/F: ${changeMessages.length} events over ${laterChanges.length / 3} lots, batches of ${DELIVERY_BATCH})`,
      value: changesPerSecond,
      unit: "events/s",
      baseline: bareChanges,
      ratio: changesPerSecond / bareChanges,
      target: THROUGHPUT_TARGET,
      note: "every change applied (versions above the built state); baseline as above",
    });

    // 1c. the ceiling of 1b on this table: the same delivery batches as bare set-based UPDATEs of
    // the real cards (their 23 indexes, generated search columns and statement triggers), no
    // reads, rules or runtime — one row per lot per batch (the fold's write plan), and one row per
    // event (a stream whose batches never repeat a lot)
    const lotOf = (m: InboundMessage) =>
      (JSON.parse(m.value) as { PropertyObjectId: string }).PropertyObjectId;
    const cardWrites = async (perEvent: boolean): Promise<{ events: number; rows: number }> => {
      const t0 = performance.now();
      let rows = 0;
      for (let i = 0; i < changeMessages.length; i += DELIVERY_BATCH) {
        const lots = changeMessages.slice(i, i + DELIVERY_BATCH).map(lotOf);
        const rounds = perEvent ? lotRounds(lots) : [[...new Set(lots)]];
        for (const ids of rounds) {
          rows += ids.length;
          await db.$executeRaw`
            UPDATE catalog.property_object_cards l SET source_price = l.source_price + 1, price = l.price + 1,
              chessboard_version = l.chessboard_version + 1, row_version = l.row_version + 1, updated_at = now()
            FROM unnest(${ids}::uuid[]) AS t(id) WHERE l.id = t.id`;
        }
      }
      const seconds = (performance.now() - t0) / 1000;
      return { events: changeMessages.length / seconds, rows: rows / seconds };
    };
    // 1d. the live-stream shape: the same changes once more (versions +20) in round-major order —
    // every lot's first change, then every lot's second… — so a batch mostly carries one change per
    // lot and each event is its own row version
    const spread = lotRounds(
      laterChanges.map((e) => (e.payload as unknown as { PropertyObjectId: string }).PropertyObjectId),
    );
    const byLot = new Map<string, HistoryEvent[]>();
    for (const e of laterChanges) {
      const id = (e.payload as unknown as { PropertyObjectId: string }).PropertyObjectId;
      byLot.set(id, [...(byLot.get(id) ?? []), e]);
    }
    const roundMajor = spread.flatMap((ids, k) =>
      ids.map((id) => {
        const e = (byLot.get(id) as HistoryEvent[])[k] as HistoryEvent;
        return { ...e, payload: { ...e.payload, Version: (e.payload as { Version: number }).Version + 10 } };
      }),
    );
    const spreadMessages = toMessages(roundMajor, messages.length + changeMessages.length);
    const spreadBefore = await cardRowWrites(db);
    started = performance.now();
    await deliverAll(processor, spreadMessages);
    const spreadPerSecond = spreadMessages.length / ((performance.now() - started) / 1000);
    const spreadWrites = (await cardRowWrites(db)) - spreadBefore;
    results.push({
      name: `status/price changes, mostly one per lot per batch (${spreadMessages.length} events, round-major order)`,
      value: spreadPerSecond,
      unit: "events/s",
      note: `${spreadWrites} card row writes`,
    });

    const perLot = await cardWrites(false);
    const perEvent = await cardWrites(true);
    results.push({
      name: "ceiling of 1b: a bare set-based UPDATE of the same cards per batch, one row per lot",
      value: perLot.events,
      unit: "events/s",
      note: `${perLot.rows.toFixed(0)} card rows/s; one row per event (every change its own row write): ${perEvent.events.toFixed(0)} events/s`,
    });
    results.push({
      name: "lot card row writes per event, mixed stream",
      value: mixedWrites / messages.length,
      unit: "rows/event",
      note: `${mixedWrites} rows (status/price alone: ${changeWrites} rows for ${changeMessages.length} events); ceiling of the mixed stream at the bare rate above: ${((messages.length / mixedWrites) * perLot.rows).toFixed(0)} events/s`,
    });

    // 2. replay from offset 0 (dedup forgotten): the history re-read until REPLAY_EVENTS events
    if (PARTS.has("replay")) {
      await db.$executeRaw`DELETE FROM platform.processed_messages`;
      const rounds = Math.max(1, Math.ceil(REPLAY_EVENTS / messages.length));
      started = performance.now();
      let replayed = 0;
      for (let r = 0; r < rounds && replayed < REPLAY_EVENTS; r += 1) {
        const slice = toMessages(history, r * history.length).slice(0, REPLAY_EVENTS - replayed);
        await deliverAll(processor, slice);
        replayed += slice.length;
      }
      const replaySeconds = (performance.now() - started) / 1000;
      results.push({
        name: `replay of ${replayed} events from offset 0 over the built state (version guards)`,
        value: replaySeconds,
        unit: "s",
        note: `${(replayed / replaySeconds).toFixed(0)} events/s`,
      });
    }

    // 3. cascade over a project of 10,000 lots: Published → Hidden → Published
    if (PARTS.has("cascade")) {
      const developerId = randomUUID();
      const projectId = randomUUID();
      const buildingId = randomUUID();
      await deliverAll(
        processor,
        toMessages([
          {
            topic: TOPIC.projectUpserted,
            key: projectId,
            payload: projectEvent({ Id: projectId, DeveloperId: developerId }),
          },
        ]),
      );
      await db.$executeRaw`
      INSERT INTO catalog.property_object_cards (id, project_id, building_id, developer_id, status,
        property_object_status, project_kind, number, floor, rooms_count, area_total, type_name, title, price, price_per_meter,
        source_contract_version, source_title, source_price, chessboard_version, chessboard_synced_at, created_at, updated_at)
      SELECT gen_random_uuid(), ${projectId}::uuid, ${buildingId}::uuid, ${developerId}::uuid, 'Hidden', 'Free', 'ResidentialComplex',
        g::text, 1 + g % 20, 1 + g % 3, 40 + g % 60, 'Квартира', 'lot', 5000000 + g, 100000, 1, 'lot', 5000000 + g, 1,
        now(), now(), now()
      FROM generate_series(1, ${CASCADE_LOTS}) g`;
      const cascade = async (version: number, status: "Hidden" | "Published") => {
        const t0 = performance.now();
        await deliverAll(
          processor,
          toMessages([
            {
              topic: TOPIC.projectUpserted,
              key: projectId,
              payload: projectEvent({
                Id: projectId,
                DeveloperId: developerId,
                Version: version,
                Status: status,
              }),
            },
          ]),
        );
        return (performance.now() - t0) / 1000;
      };
      const publish = await cascade(2, "Published");
      const hide = await cascade(3, "Hidden");
      const republish = await cascade(4, "Published");
      const [counted] = await db.$queryRaw<Array<{ n: bigint }>>`
      SELECT count(*) AS n FROM catalog.property_object_cards WHERE project_id = ${projectId}::uuid AND status = 'Published'`;
      results.push({
        name: `cascade over a project of ${CASCADE_LOTS} lots (Published → Hidden)`,
        value: hide,
        unit: "s",
        note: `first publication ${publish.toFixed(2)} s, back to Published ${republish.toFixed(2)} s; ${counted?.n ?? 0} published after`,
      });
    }
  } finally {
    await drop();
  }
  return results;
}
