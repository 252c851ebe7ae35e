import { FEATURE_FLAGS, type FeatureFlags } from "../../platform/flags/feature-flags.js";
import type { Logger } from "../../platform/log/logger.js";
import type { DevStatsMetrics } from "./devstats.metrics.js";
import type { DevStatsStore } from "./devstats.store.js";
import {
  type BatchItem,
  BOOKINGS_SOURCE,
  DEALS_SOURCE,
  type Dimension,
  type DimensionRow,
  type FunnelBookingRow,
  type FunnelDealRow,
  type FunnelStageRow,
  type ItemOutcome,
  planStageBatch,
  propertyObjectsOf,
  type StageFact,
  type StageSource,
} from "./funnel.js";
import type { Sink } from "./funnel-sink.js";

export type FunnelOutcome = ItemOutcome | { kind: "disabled" };

export interface FunnelIngestDeps {
  store: DevStatsStore;
  /** One sink scope per batch: a flush confirms exactly this batch's rows */
  newSink: () => Sink<FunnelBookingRow>;
  /** The same for the Deals stage (funnel_deals_in) */
  newDealSink: () => Sink<FunnelDealRow>;
  flags: FeatureFlags;
  metrics: DevStatsMetrics;
  log: Logger;
  /** PIN_DEVSTATS_DIMENSION_CACHE_MS: found paths are reused this long; 0 = always read */
  dimensionCacheMs: number;
}

const DIMENSION_CACHE_MAX = 200_000;

const METRIC_RESULT: Record<FunnelOutcome["kind"], string> = {
  applied: "applied",
  "duplicate-in-batch": "duplicate_in_batch",
  invalid: "invalid",
  "tenant-mismatch": "tenant_mismatch",
  "late-dimension": "late_dimension",
  disabled: "disabled",
};

/**
 * The funnel consumers' work for one batch of one stage's events (booking-created → Bookings,
 * deal-sale-started → Deals): flag, validation, one dimension lookup for the whole batch, tenant
 * guard, rows into the sink, flush.
 * Resolves only after the insert was confirmed (the caller commits offsets after that); throws
 * when ClickHouse fails (the caller commits nothing and comes back to the batch).
 */
export function createFunnelIngest(deps: FunnelIngestDeps) {
  const { store, newSink, newDealSink, flags, metrics, log } = deps;
  // Found paths only (a miss must be looked up again: the dimension may arrive any moment).
  const cache = new Map<string, { dimension: Dimension; at: number }>();

  async function lookup(ids: readonly string[]): Promise<Map<string, Dimension>> {
    const found = new Map<string, Dimension>();
    const now = performance.now();
    const missing: string[] = [];
    for (const id of ids) {
      const hit = cache.get(id);
      if (hit && now - hit.at < deps.dimensionCacheMs) found.set(id, hit.dimension);
      else missing.push(id);
    }
    metrics.enrich.inc({ result: "cached" }, found.size);
    if (missing.length === 0) return found;
    const read = await store.findDimensions(missing);
    metrics.enrich.inc({ result: "hit" }, read.size);
    metrics.enrich.inc({ result: "miss" }, missing.length - read.size);
    if (deps.dimensionCacheMs > 0) {
      if (cache.size + read.size > DIMENSION_CACHE_MAX) cache.clear();
      for (const [id, dimension] of read) cache.set(id, { dimension, at: now });
    }
    for (const [id, dimension] of read) found.set(id, dimension);
    return found;
  }

  /**
   * Steps 1–4 for a batch of one stage: flag, validation, one dimension lookup, tenant guard,
   * rows built. Nothing is written; the caller hands `rows` to its sink scope.
   */
  async function prepareStage<F extends StageFact, R extends FunnelStageRow>(
    source: StageSource<F, R>,
    items: readonly BatchItem[],
  ): Promise<{ outcomes: FunnelOutcome[]; rows: R[] }> {
    if (items.length === 0) return { outcomes: [], rows: [] };
    const stage = source.stage;
    if (!(await flags.isEnabled(FEATURE_FLAGS.devStatsFunnel))) {
      metrics.funnelEvents.inc({ stage, result: "disabled" }, items.length);
      log.debug({ stage, messages: items.length }, "dev-stats funnel disabled: acknowledged without writing");
      return { outcomes: items.map(() => ({ kind: "disabled" }) as const), rows: [] };
    }
    const facts = items.map((item) => source.read(item.payload));
    const ids = propertyObjectsOf(facts);
    const dimensions = ids.length > 0 ? await lookup(ids) : new Map<string, Dimension>();
    const plan = planStageBatch(source, items, facts, dimensions);
    const counts = new Map<string, number>();
    plan.outcomes.forEach((outcome, i) => {
      const result = METRIC_RESULT[outcome.kind];
      counts.set(result, (counts.get(result) ?? 0) + 1);
      if (outcome.kind === "applied" || outcome.kind === "duplicate-in-batch") return;
      const messageId = items[i]!.messageId;
      switch (outcome.kind) {
        case "invalid":
          log.warn({ messageId, stage, reason: outcome.reason }, `${source.event} payload invalid: skipped`);
          break;
        case "tenant-mismatch":
          metrics.tenantMismatch.inc();
          log.warn(
            { messageId, stage, propertyObjectId: outcome.propertyObjectId, alert: "tenant-mismatch" },
            `${source.event} TenantId differs from the object's DeveloperId: nothing written`,
          );
          break;
        case "late-dimension":
          metrics.parked.inc();
          log.info(
            { messageId, stage, propertyObjectId: outcome.propertyObjectId },
            "dimension not there yet: parked",
          );
          break;
        default:
          break;
      }
    });
    for (const [result, n] of counts) metrics.funnelEvents.inc({ stage, result }, n);
    return { outcomes: plan.outcomes, rows: plan.rows };
  }

  /** Steps 1–4 for booking-created (the Bookings stage). */
  const prepare = (items: readonly BatchItem[]) => prepareStage(BOOKINGS_SOURCE, items);
  /** Steps 1–4 for deal-sale-started (the Deals stage). */
  const prepareDeals = (items: readonly BatchItem[]) => prepareStage(DEALS_SOURCE, items);

  /** prepare + one sink scope + its confirmed flush (what the runtime does around handleBatch). */
  async function handleBatch(items: readonly BatchItem[]): Promise<FunnelOutcome[]> {
    const { outcomes, rows } = await prepare(items);
    const sink = newSink();
    sink.write(rows);
    const flushed = await sink.flush();
    if (flushed.rows > 0) log.debug(flushed, "funnel batch inserted");
    return outcomes;
  }

  /** The dimension consumer's sink scope: one insert of the batch's dim_property_object rows. */
  function newDimensionSink(): Sink<DimensionRow> {
    let buffer: DimensionRow[] = [];
    return {
      get pending() {
        return buffer.length;
      },
      write(rows) {
        for (const row of rows) buffer.push(row);
      },
      async flush() {
        const rows = buffer;
        buffer = [];
        if (rows.length > 0) await store.insertDimensions(rows);
        metrics.dimensions.inc({ result: "ingested" }, rows.length);
        return { rows: rows.length, parts: rows.length > 0 ? 1 : 0, inserts: rows.length > 0 ? 1 : 0 };
      },
    };
  }

  return { prepare, prepareDeals, handleBatch, newSink, newDealSink, newDimensionSink };
}

export type FunnelIngest = ReturnType<typeof createFunnelIngest>;
