async function consumedByGroup(registry) {
  const out = /* @__PURE__ */ new Map();
  for (const metric of await registry.getMetricsAsJSON()) {
    if (metric.name !== "pin_consumer_consumed_total") continue;
    for (const { labels, value } of metric.values) {
      const group = labels.group;
      const result = labels.result;
      if (typeof group !== "string" || typeof result !== "string" || !value) continue;
      const byResult = out.get(group) ?? /* @__PURE__ */ new Map();
      byResult.set(result, (byResult.get(result) ?? 0) + value);
      out.set(group, byResult);
    }
  }
  return out;
}
function logCatchUp(log, before, after, ms) {
  const groups = {};
  let total = 0;
  for (const [group, results] of after) {
    const counts = {};
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
export {
  consumedByGroup,
  logCatchUp
};
//# sourceMappingURL=catch-up-summary.js.map
