import { READERS_BY_GROUP } from "../../src/contracts/readers/index.js";
import { CATALOG_SYNC_SPEC_METRICS } from "../../src/domain/catalog/sync/sync-signals.js";
import type { MetricFamily, NamingPolicy } from "../../src/platform/metrics/metric-naming.js";

/**
 * PIN's naming policy (decision 0604): the only names allowed to break a rule are the ones the
 * catalog sync's spec writes; no name carries a consumer group of the system.
 */
export const PIN_NAMING_POLICY: NamingPolicy = {
  specNamed: new Set(Object.values(CATALOG_SYNC_SPEC_METRICS)),
  groups: READERS_BY_GROUP.map((g) => g.group),
};

/** prom-client's default metrics (process_*, nodejs_*): its names, not ours. */
export const isDefaultMetric = (name: string): boolean => /^(process|nodejs)_/.test(name);

/** The families of a Prometheus text exposition, by their `# TYPE name type` lines. */
export function familiesOfExposition(exposition: string): MetricFamily[] {
  return [...exposition.matchAll(/^# TYPE ([a-zA-Z_:][\w:]*) (\w+)/gm)].map((m) => ({
    name: m[1]!,
    type: m[2]!,
  }));
}
