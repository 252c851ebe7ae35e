const SUB_BASE_UNIT = /_(ms|msec|milliseconds|us|microseconds|ns|nanoseconds|minutes|hours|days)(_|$)/;
const CONSUMER_FAMILY_SUFFIX = /_(consumed_total|dlq_total|contract_mismatch_total|skipped_duplicate_total|infrastructure_errors_total|pipeline_discarded_total|parked_redriven_total|lag_seconds|consume_duration_[a-z]+)$/;
function groupToken(group) {
  return group.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^pin_/, "");
}
function namingViolations(families, policy) {
  const out = [];
  const tokens = policy.groups.map((g) => ({ group: g, token: groupToken(g) }));
  for (const { name, type } of families) {
    if (type === "counter" && !name.endsWith("_total")) out.push(`${name}: a counter's name ends in _total`);
    if (type !== "counter" && name.endsWith("_total"))
      out.push(`${name}: _total is for counters (a ${type})`);
    if (policy.specNamed.has(name)) continue;
    if (SUB_BASE_UNIT.test(name)) out.push(`${name}: durations in seconds (_seconds), not ms/minutes`);
    for (const { group, token } of tokens)
      if (name.includes(token)) out.push(`${name}: names consumer group ${group} (a label: {group=\u2026})`);
    if (CONSUMER_FAMILY_SUFFIX.test(name) && !name.startsWith("pin_consumer_"))
      out.push(`${name}: a consumer's runtime metric is pin_consumer_*{group,topic}`);
  }
  return out;
}
export {
  groupToken,
  namingViolations
};
//# sourceMappingURL=metric-naming.js.map
