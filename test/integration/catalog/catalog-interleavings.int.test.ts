import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogChessboardSyncConsumer } from "../../../src/consumers/catalog-chessboard-sync.consumer.js";
import type { CatalogSyncPayloadByTopic } from "../../../src/contracts/readers/catalog-chessboard-sync.readers.js";
import { recomputeProjectAggregates } from "../../../src/domain/catalog/cards/recompute-cards.js";
import { createRewardsClient } from "../../../src/domain/catalog/rewards/rewards-commission.client.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { loadSettings } from "../../../src/platform/config/settings.js";
import type { RawTx } from "../../../src/platform/db/raw-tx.js";
import type {
  AnyConsumerDefinition,
  BatchConsumerDefinition,
  ConsumerDefinition,
  HandlerResult,
} from "../../../src/platform/events/consumer/definition.js";
import { HEADER } from "../../../src/platform/events/envelope.js";
import { contractVersionOf, eventTypeOf, TOPIC } from "../../../src/platform/events/topics.js";
import type { InboundMessage } from "../../../src/platform/events/wire.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../../src/platform/metrics/registry.js";
import { createConsumerRig } from "../../support/consumer-rig.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { requireService } from "../../support/services.js";
import { metricValue } from "./catalog-fixtures.js";
import { CHESSBOARD_SOURCE_TOPICS, cardsHash } from "./catalog-harness.js";
import { chessboardHistory, type HistoryEvent } from "./chessboard-history.js";

await requireService("postgres");

const SEED = 20261201;
const RUNS = 12;
const BATCHED_RUNS = 4;

/** The history as wire messages, each with a fixed MessageId and event time. */
function toMessages(history: HistoryEvent[]): InboundMessage[] {
  const base = Date.parse("2026-12-01T08:00:00.000Z");
  return history.map((e, i) => ({
    topic: e.topic,
    partition: 0,
    offset: String(i),
    key: e.key,
    value: JSON.stringify(e.payload),
    headers: {
      [HEADER.messageId]: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      [HEADER.eventType]: eventTypeOf(e.topic),
      [HEADER.contractVersion]: String(contractVersionOf(e.topic)),
      [HEADER.aggregateId]: e.key,
      [HEADER.aggregateType]: "chessboard",
      [HEADER.createdAt]: new Date(base + i * 1000).toISOString(),
    },
  }));
}

/** One developer, two projects of one building each: `lots` lots with `lots` changes each. */
const twoProjects = (seed: number, lots: number): HistoryEvent[] =>
  chessboardHistory({
    seed,
    developers: 1,
    projectsPerDeveloper: 2,
    buildingsPerProject: 1,
    lotsPerBuilding: lots,
    changesPerLot: lots,
  });

/** The messages in the order the picks take them from the six topics (per-topic order kept). */
function interleave(messages: readonly InboundMessage[], picks: readonly number[]): InboundMessage[] {
  const queues = CHESSBOARD_SOURCE_TOPICS.map((topic) => messages.filter((m) => m.topic === topic));
  const order: InboundMessage[] = [];
  for (const pick of picks) {
    const next = queues[pick]?.shift();
    if (next) order.push(next);
  }
  for (const q of queues) order.push(...q.splice(0));
  return order;
}

describe("random interleavings of the six topics (per-key order kept)", { timeout: 300_000 }, () => {
  let database: MigratedDatabase;
  beforeAll(async () => {
    database = await createMigratedDatabase("catalog_interleave");
  });
  afterAll(async () => database?.drop());

  /**
   * Each card's state, published_at excluded: PublishedAt is the time of the event that first made
   * a card visible, which depends on the delivery order by definition (decision 0087).
   */
  async function rowStates(): Promise<Map<string, { state: string; projectId: string }>> {
    const rows = await database.prisma.$queryRaw<Array<{ id: string; project_id: string; state: string }>>`
      SELECT id::text, id::text AS project_id,
             md5((to_jsonb(p) - 'published_at' - 'updated_at' - 'created_at' - 'row_version' - 'aggregates_recomputed_at')::text) AS state
      FROM catalog.project_cards p
      UNION ALL
      SELECT id::text, project_id::text,
             md5((to_jsonb(l) - 'published_at' - 'updated_at' - 'created_at' - 'row_version' - 'commission_recomputed_at')::text)
      FROM catalog.property_object_cards l`;
    return new Map(rows.map((r) => [r.id, { state: r.state, projectId: r.project_id }]));
  }

  /**
   * One message per call (batchSize 1) or batches as a transport hands them over; `oneAtATime`
   * feeds the batch handler one message per call inside the same batches (the reference the
   * set-based handling must equal).
   */
  async function runDelivery(
    order: InboundMessage[],
    batchSize = 1,
    oneAtATime = false,
  ): Promise<{
    hash: string;
    stale: number;
    states: Map<string, { state: string; projectId: string }>;
    staleIds: Set<string>;
  }> {
    const db = database.prisma;
    await db.$executeRaw`TRUNCATE catalog.project_cards, catalog.property_object_cards, catalog.building_snapshots,
      platform.processed_messages, platform.parked_messages, platform.dead_letters`;
    const metrics = createMetricsRegistry();
    const { logger, entries } = createMemoryLogger();
    const clock = new ManualClock("2026-12-01T09:00:00.000Z");
    const settings = { ...loadSettings({ NODE_ENV: "test" }), catalogSyncRetryDelays: [1, 1, 1, 1, 1, 1] };
    const setBased = catalogChessboardSyncConsumer({
      log: logger,
      clock,
      metrics,
      settings,
      rewards: createRewardsClient({ baseUrl: null, timeoutMs: 1 }),
    });
    const handleBatch = setBased.handleBatch as NonNullable<typeof setBased.handleBatch>;
    const def: ConsumerDefinition<CatalogSyncPayloadByTopic, RawTx> = oneAtATime
      ? {
          ...(setBased as BatchConsumerDefinition<CatalogSyncPayloadByTopic, RawTx>),
          handleBatch: async (batch, ctx) => {
            const results: HandlerResult[] = [];
            for (const m of batch) results.push((await handleBatch([m], ctx))?.[0] ?? "applied");
            return results;
          },
        }
      : setBased;
    const rig = createConsumerRig(def as AnyConsumerDefinition, db, {
      clock,
      log: logger,
      registry: metrics,
      send: async () => {},
    });
    const { processor } = rig;
    for (let i = 0; i < order.length; i += batchSize) {
      const outcome =
        batchSize === 1
          ? await processor.process(order[i] as InboundMessage)
          : await processor.processBatch(order.slice(i, i + batchSize));
      if (outcome.kind === "infrastructure") throw outcome.error;
    }
    // parked (out-of-order) messages retried when their time comes, oldest first
    for (let round = 0; round < 8; round += 1) {
      clock.advance(1000);
      const parked = await rig.parkedRows();
      if (parked.length === 0) break;
      for (const row of parked) await processor.retryParked(row);
    }
    const dead = await db.$queryRaw<unknown[]>`SELECT 1 FROM platform.dead_letters`;
    expect(dead).toHaveLength(0);
    // The aggregates the status/price flow moved by deltas (decision 0623) are the ones a full
    // recompute counts: recomputing every project changes no row.
    const recounted = await db.$transaction(async (tx) => {
      const projects = await tx.$queryRaw<Array<{ id: string }>>`SELECT id::text FROM catalog.project_cards`;
      return recomputeProjectAggregates(
        tx,
        projects.map((p) => p.id),
        { now: clock.now() },
      );
    });
    expect(recounted, "project aggregates moved by deltas differ from a full recompute").toBe(0);
    const stale = await metricValue(metrics, "catalog_chessboard_sync_stale_total");
    const staleIds = new Set(
      entries.filter((e) => e.msg === "skipped-stale").map((e) => String(e.aggregateId)),
    );
    return { hash: await cardsHash(db), stale, states: await rowStates(), staleIds };
  }

  it("every interleaving ends in the in-order state, except the LIM-1 cases (counted)", async () => {
    const history = twoProjects(3, 3);
    const messages = toMessages(history);
    const inOrder = await runDelivery(messages);
    expect(inOrder.stale).toBe(0);

    let lim1 = 0;
    let identical = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 5 }), {
          minLength: messages.length * 3,
          maxLength: messages.length * 3,
        }),
        async (picks) => {
          const order = interleave(messages, picks);
          const result = await runDelivery(order);
          // LIM-1: one version counter across the three lot topics — a lower version from another
          // topic arriving after a higher one is skipped-stale. A card may differ from the in-order
          // state only if it is such a lot (or the project whose aggregates count it).
          const differing = [...inOrder.states].filter(([id, s]) => result.states.get(id)?.state !== s.state);
          if (differing.length === 0) {
            identical += 1;
            return true;
          }
          lim1 += 1;
          const staleProjects = new Set(
            [...result.staleIds].map((id) => inOrder.states.get(id)?.projectId).filter(Boolean),
          );
          return differing.every(
            ([id, s]) => result.staleIds.has(id) || (s.projectId === id && staleProjects.has(id)),
          );
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    console.info(
      `interleavings: ${identical} identical to in-order, ${lim1} differ by LIM-1 (skipped-stale)`,
    );
    expect(identical + lim1).toBe(RUNS);
  });

  it("lot passports and status/price changes applied set-based end exactly where message-by-message handling of the same batches ends (hash incl. PublishedAt)", async () => {
    const history = twoProjects(5, 4);
    // Lots start Hidden in chessboard, so a later status change (or a price change after a zero
    // price) is what first publishes them: PublishedAt then comes from a set-based round.
    const startHidden = history.map((e, i) =>
      e.topic === TOPIC.propertyObjectUpserted
        ? { ...e, payload: { ...e.payload, Status: "Hidden", ...(i % 3 === 0 ? { Price: "0.00" } : {}) } }
        : e,
    );
    const messages = toMessages(startHidden);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 5 }), {
          minLength: messages.length * 3,
          maxLength: messages.length * 3,
        }),
        fc.constantFrom(7, 32, 500),
        async (picks, batchSize) => {
          const order = interleave(messages, picks);
          const oneByOne = await runDelivery(order, batchSize, true);
          const batched = await runDelivery(order, batchSize);
          expect(batched.stale).toBe(oneByOne.stale);
          expect(batched.hash).toBe(oneByOne.hash);
        },
      ),
      { seed: SEED, numRuns: BATCHED_RUNS, endOnFailure: true },
    );
  });
});
