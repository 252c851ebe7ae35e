import {
  createConsumerMetrics,
  type SpecNamedConsumerMetrics,
} from "../../../platform/events/consumer/consumer-metrics.js";
import type { Logger } from "../../../platform/log/logger.js";
import { counter, type Registry } from "../../../platform/metrics/registry.js";
import type { RewardsClient } from "../rewards/rewards-commission.client.js";
import type { SyncSignals } from "./sync-context.js";

/**
 * The runtime metrics the sync's spec names ("Наблюдаемость"): kept under these names, besides the
 * shared pin_consumer_* family, the duration in ms as the spec writes it (decision 0604).
 */
export const CATALOG_SYNC_SPEC_METRICS: SpecNamedConsumerMetrics = {
  lagSeconds: "catalog_chessboard_sync_lag_seconds",
  consumeDurationMs: "catalog_chessboard_sync_consume_duration_ms",
  stale: "catalog_chessboard_sync_stale_total",
  retries: "catalog_chessboard_sync_retries_total",
  dlq: "catalog_chessboard_sync_dlq_total",
  conflicts: "catalog_chessboard_sync_conflicts_total",
  contractMismatch: "catalog_chessboard_sync_contract_mismatch_total",
};

/**
 * The sync's own counters as the flows' signals, labelled by the topic a flow serves (bounded: one
 * of the six topics; enum fields from ENUM_FALLBACK_FIELDS). Kind mismatches count with the
 * group's conflicts (the runtime's counters: pin_consumer_conflicts_total and the spec's name).
 */
export function syncSignals(metrics: Registry, group: string): (topic: string) => SyncSignals {
  const deferred = counter(
    metrics,
    "catalog_commission_recompute_deferred_total",
    "Agent commission recomputes deferred because the rewards API was unavailable",
  );
  const { conflicts } = createConsumerMetrics(metrics, CATALOG_SYNC_SPEC_METRICS);
  const enumFallbacks = counter(
    metrics,
    "catalog_sync_enum_fallback_total",
    "Enum values mapped to the spec's fallback (unknown or fallback-mapped values); the event was applied",
    ["topic", "field"],
  );
  return (topic) => ({
    // INV-4 Kind mismatches below the limit are counted with the group's conflicts
    kindConflict: () => conflicts.inc({ group, topic }),
    commissionDeferred: () => deferred.inc(),
    enumFallback: (field) => enumFallbacks.inc({ topic, field }),
  });
}

/** A rewards client that is off is a deliberate degradation in embedded mode, a misconfiguration anywhere else: say so once. */
export function warnIfRewardsOff(
  rewards: RewardsClient,
  log: Logger,
  group: string,
  production: boolean,
): void {
  if (rewards.enabled) return;
  // Once, at start: info in development (the demo has no rewards service: expected, explained),
  // warn in production, where a missing URL is a misconfiguration (decision 0421).
  log[production ? "warn" : "info"](
    { group, setting: "PIN_CATALOG_REWARDS_URL" },
    "rewards URL not configured: agent commission of lots stays null (set PIN_CATALOG_REWARDS_URL to the rewards API to fill it)",
  );
}
