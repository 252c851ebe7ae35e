/**
 * The Prometheus naming rules of PIN's metric families (decision 0604), checked over a registry by
 * src/app/metric-names.unit.test.ts and over a running app's /metrics by the alert-rules test:
 * base units in the name (`_seconds`, never `_ms`/`_milliseconds`), `_total` for counters and only
 * for them, and the consumer group a label, never part of a name. The names a spec writes are
 * kept as written (`specNamed`).
 */
export interface MetricFamily {
  readonly name: string;
  readonly type: string;
}

export interface NamingPolicy {
  /** names a spec gives, kept although they break a rule (catalog_chessboard_sync_consume_duration_ms) */
  readonly specNamed: ReadonlySet<string>;
  /** the consumer groups of the system (their names must not appear in a metric name) */
  readonly groups: readonly string[];
}

const SUB_BASE_UNIT = /_(ms|msec|milliseconds|us|microseconds|ns|nanoseconds|minutes|hours|days)(_|$)/;

/** The runtime's per-consumer suffixes: only the shared pin_consumer_* family carries them. */
const CONSUMER_FAMILY_SUFFIX =
  /_(consumed_total|dlq_total|contract_mismatch_total|skipped_duplicate_total|infrastructure_errors_total|pipeline_discarded_total|parked_redriven_total|lag_seconds|consume_duration_[a-z]+)$/;

/** `pin-catalog-chessboard-sync` → `catalog_chessboard_sync`: how a group would read inside a name. */
export function groupToken(group: string): string {
  return group
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^pin_/, "");
}

/** Every rule a family breaks, one line each ("name: why"); empty when all follow them. */
export function namingViolations(families: readonly MetricFamily[], policy: NamingPolicy): string[] {
  const out: string[] = [];
  const tokens = policy.groups.map((g) => ({ group: g, token: groupToken(g) }));
  for (const { name, type } of families) {
    if (type === "counter" && !name.endsWith("_total")) out.push(`${name}: a counter's name ends in _total`);
    if (type !== "counter" && name.endsWith("_total"))
      out.push(`${name}: _total is for counters (a ${type})`);
    if (policy.specNamed.has(name)) continue;
    if (SUB_BASE_UNIT.test(name)) out.push(`${name}: durations in seconds (_seconds), not ms/minutes`);
    for (const { group, token } of tokens)
      if (name.includes(token)) out.push(`${name}: names consumer group ${group} (a label: {group=…})`);
    if (CONSUMER_FAMILY_SUFFIX.test(name) && !name.startsWith("pin_consumer_"))
      out.push(`${name}: a consumer's runtime metric is pin_consumer_*{group,topic}`);
  }
  return out;
}
