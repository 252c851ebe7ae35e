import type { Logger } from "../../../platform/log/logger.js";
import { counter, type Registry } from "../../../platform/metrics/registry.js";
import type { RewardsClient } from "../rewards/rewards-commission.client.js";
import type { SyncSignals } from "./sync-context.js";

/**
 * The sync's own counters as the flows' signals, labelled by the topic a flow serves (bounded: one
 * of the six topics; enum fields from ENUM_FALLBACK_FIELDS). `prefix` is the consumer's metrics
 * prefix, `group` its group (the conflicts counter shares the runtime's labels).
 */
export function syncSignals(
  metrics: Registry,
  names: { readonly prefix: string; readonly group: string },
): (topic: string) => SyncSignals {
  const deferred = counter(
    metrics,
    "catalog_commission_recompute_deferred_total",
    "Agent commission recomputes deferred because the rewards API was unavailable",
  );
  const conflicts = counter(
    metrics,
    `${names.prefix}_conflicts_total`,
    "Optimistic-lock conflicts (immediate re-read and retry)",
    ["group", "topic"],
  );
  const enumFallbacks = counter(
    metrics,
    `${names.prefix}_enum_fallback_total`,
    "Enum values mapped to the spec's fallback (unknown or fallback-mapped values); the event was applied",
    ["topic", "field"],
  );
  return (topic) => ({
    // INV-4 Kind mismatches below the limit are counted with the group's conflicts
    kindConflict: () => conflicts.inc({ group: names.group, topic }),
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
