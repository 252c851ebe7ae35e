import { FEATURE_FLAGS, type FeatureFlags } from "../../platform/flags/feature-flags.js";
import type { Logger } from "../../platform/log/logger.js";
import type { DevStatsMetrics } from "./devstats.metrics.js";
import type { DevStatsStore } from "./devstats.store.js";
import {
  type BatchItem,
  type DimensionRow,
  dimensionRowOf,
  type FunnelBookingRow,
  type ItemOutcome,
  planBatch,
  propertyObjectsOf,
} from "./funnel.js";
import type { Sink } from "./funnel-sink.js";

export type FunnelOutcome = ItemOutcome | { kind: "disabled" };

export interface FunnelIngestDeps {
  store: DevStatsStore;
  /** One sink scope per batch: a flush confirms exactly this batch's rows */
  newSink: () => Sink<FunnelBookingRow>;
  flags: FeatureFlags;
  metrics: DevStatsMetrics;
  log: Logger;
}

const METRIC_RESULT: Record<FunnelOutcome["kind"], string> = {
  applied: "applied",
  "duplicate-in-batch": "duplicate_in_batch",
  invalid: "invalid",
  "tenant-mismatch": "tenant_mismatch",
  "late-dimension": "late_dimension",
  disabled: "disabled",
};

/**
 * DevStatsFunnelBookingCreatedConsumer's work for one batch of booking-created events: flag,
 * validation, one dimension lookup for the whole batch, tenant guard, rows into the sink, flush.
 * Resolves only after the insert was confirmed (the caller commits offsets after that); throws
 * when ClickHouse fails (the caller commits nothing and comes back to the batch).
 */
export function createFunnelIngest(deps: FunnelIngestDeps) {
  const { store, newSink, flags, metrics, log } = deps;

  async function handleBatch(items: readonly BatchItem[]): Promise<FunnelOutcome[]> {
    if (items.length === 0) return [];
    if (!(await flags.isEnabled(FEATURE_FLAGS.devStatsFunnel))) {
      metrics.funnelEvents.inc({ result: "disabled" }, items.length);
      log.debug({ messages: items.length }, "dev-stats funnel disabled: acknowledged without writing");
      return items.map(() => ({ kind: "disabled" }) as const);
    }
    const ids = propertyObjectsOf(items);
    const dimensions = ids.length > 0 ? await store.findDimensions(ids) : new Map();
    metrics.enrich.inc({ result: "hit" }, dimensions.size);
    metrics.enrich.inc({ result: "miss" }, ids.length - dimensions.size);
    const plan = planBatch(items, dimensions);
    plan.outcomes.forEach((outcome, i) => {
      metrics.funnelEvents.inc({ result: METRIC_RESULT[outcome.kind] });
      const messageId = items[i]!.messageId;
      switch (outcome.kind) {
        case "invalid":
          log.warn({ messageId, reason: outcome.reason }, "booking-created payload invalid: skipped");
          break;
        case "tenant-mismatch":
          metrics.tenantMismatch.inc();
          log.warn(
            { messageId, propertyObjectId: outcome.propertyObjectId, alert: "tenant-mismatch" },
            "booking-created TenantId differs from the object's DeveloperId: nothing written",
          );
          break;
        case "late-dimension":
          metrics.parked.inc();
          log.info(
            { messageId, propertyObjectId: outcome.propertyObjectId },
            "dimension not there yet: parked",
          );
          break;
        default:
          break;
      }
    });
    const sink = newSink();
    sink.write(plan.rows);
    const flushed = await sink.flush();
    if (flushed.rows > 0) log.debug(flushed, "funnel batch inserted");
    return plan.outcomes;
  }

  /** The dimension-ingest consumer's work: valid rows inserted in one statement. */
  async function ingestDimensions(
    items: readonly BatchItem[],
  ): Promise<Array<{ ok: true } | { ok: false; reason: string }>> {
    const rows: DimensionRow[] = [];
    const results = items.map((item) => {
      const row = dimensionRowOf(item.payload);
      if (!row.ok) {
        metrics.dimensions.inc({ result: "invalid" });
        return { ok: false as const, reason: row.reason };
      }
      rows.push(row.value);
      return { ok: true as const };
    });
    if (rows.length > 0) {
      await store.insertDimensions(rows);
      metrics.dimensions.inc({ result: "ingested" }, rows.length);
    }
    return results;
  }

  return { handleBatch, ingestDimensions };
}

export type FunnelIngest = ReturnType<typeof createFunnelIngest>;
