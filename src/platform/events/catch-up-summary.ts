import type { Registry } from "prom-client";
import type { Logger } from "../log/logger.js";

/** Messages handled so far per consumer group and result, from the `<prefix>_consumed_total` counters. */
export type ConsumedByGroup = Map<string, Map<string, number>>;

export async function consumedByGroup(registry: Registry): Promise<ConsumedByGroup> {
  const out: ConsumedByGroup = new Map();
  for (const metric of await registry.getMetricsAsJSON()) {
    if (!metric.name.endsWith("_consumed_total")) continue;
    for (const { labels, value } of metric.values) {
      const group = labels.group;
      const result = labels.result;
      if (typeof group !== "string" || typeof result !== "string" || !value) continue;
      const byResult = out.get(group) ?? new Map<string, number>();
      byResult.set(result, (byResult.get(result) ?? 0) + value);
      out.set(group, byResult);
    }
  }
  return out;
}

/**
 * One line per consumer that caught up with a burst of events (the demo seed; issue #24: the
 * per-event lines are at debug): how many it handled since `before`, by result.
 */
export function logCatchUp(log: Logger, before: ConsumedByGroup, after: ConsumedByGroup, ms: number): void {
  for (const [group, results] of after) {
    const counts: Record<string, number> = {};
    let events = 0;
    for (const [result, n] of results) {
      const delta = n - (before.get(group)?.get(result) ?? 0);
      if (delta <= 0) continue;
      counts[result] = delta;
      events += delta;
    }
    if (events > 0)
      log.info({ group, events, ...counts, ms }, `consumer caught up: ${group}, ${events} events`);
  }
}
