import {
  createConsumerMetrics
} from "../../../platform/events/consumer/consumer-metrics.js";
import { counter } from "../../../platform/metrics/registry.js";
const CATALOG_SYNC_SPEC_METRICS = {
  lagSeconds: "catalog_chessboard_sync_lag_seconds",
  consumeDurationMs: "catalog_chessboard_sync_consume_duration_ms",
  stale: "catalog_chessboard_sync_stale_total",
  retries: "catalog_chessboard_sync_retries_total",
  dlq: "catalog_chessboard_sync_dlq_total",
  conflicts: "catalog_chessboard_sync_conflicts_total",
  contractMismatch: "catalog_chessboard_sync_contract_mismatch_total"
};
function syncSignals(metrics, group) {
  const deferred = counter(
    metrics,
    "catalog_commission_recompute_deferred_total",
    "Agent commission recomputes deferred because the rewards API was unavailable"
  );
  const { conflicts } = createConsumerMetrics(metrics, CATALOG_SYNC_SPEC_METRICS);
  const enumFallbacks = counter(
    metrics,
    "catalog_sync_enum_fallback_total",
    "Enum values mapped to the spec's fallback (unknown or fallback-mapped values); the event was applied",
    ["topic", "field"]
  );
  return (topic) => ({
    // INV-4 Kind mismatches below the limit are counted with the group's conflicts
    kindConflict: () => conflicts.inc({ group, topic }),
    commissionDeferred: () => deferred.inc(),
    enumFallback: (field) => enumFallbacks.inc({ topic, field })
  });
}
function warnIfRewardsOff(rewards, log, group, production) {
  if (rewards.enabled) return;
  log[production ? "warn" : "info"](
    { group, setting: "PIN_CATALOG_REWARDS_URL" },
    "rewards URL not configured: agent commission of lots stays null (set PIN_CATALOG_REWARDS_URL to the rewards API to fill it)"
  );
}
export {
  CATALOG_SYNC_SPEC_METRICS,
  syncSignals,
  warnIfRewardsOff
};
//# sourceMappingURL=sync-signals.js.map
