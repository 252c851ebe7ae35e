import type { Registry } from "prom-client";
import type { Logger } from "../log/logger.js";

/** Messages handled so far per consumer group and result, from pin_consumer_consumed_total. */
export type ConsumedByGroup = Map<string, Map<string, number>>;

export async function consumedByGroup(registry: Registry): Promise<ConsumedByGroup> {
  const out: ConsumedByGroup = new Map();
  for (const metric of await registry.getMetricsAsJSON()) {
    if (metric.name !== "pin_consumer_consumed_total") continue;
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
 * One line for the consumers that caught up with a burst of events (the demo seed; issue #24: the
 * per-event lines are at debug, and a fresh start stays short): how many events they handled since
 * `before`, in how many groups; per group and result in the line's fields.
 */
export function logCatchUp(log: Logger, before: ConsumedByGroup, after: ConsumedByGroup, ms: number): void {
  const groups: Record<string, Record<string, number>> = {};
  let total = 0;
  for (const [group, results] of after) {
    const counts: Record<string, number> = {};
    let events = 0;
    for (const [result, n] of results) {
      const delta = n - (before.get(group)?.get(result) ?? 0);
      if (delta <= 0) continue;
      counts[result] = delta;
      events += delta;
    }
    if (events === 0) continue;
    groups[group] = { events, ...counts };
    total += events;
  }
  const count = Object.keys(groups).length;
  if (count > 0)
    log.info({ events: total, groups, ms }, `consumers caught up: ${total} events in ${count} groups`);
}
