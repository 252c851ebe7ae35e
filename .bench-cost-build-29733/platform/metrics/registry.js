import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
function createMetricsRegistry(options = {}) {
  const registry = new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry });
  return registry;
}
function counter(registry, name, help, labelNames = []) {
  const existing = registry.getSingleMetric(name);
  if (existing) return existing;
  return new Counter({ name, help, labelNames: [...labelNames], registers: [registry] });
}
function gauge(registry, name, help, labelNames = []) {
  const existing = registry.getSingleMetric(name);
  if (existing) return existing;
  return new Gauge({ name, help, labelNames: [...labelNames], registers: [registry] });
}
function histogram(registry, name, help, labelNames = [], buckets) {
  const existing = registry.getSingleMetric(name);
  if (existing) return existing;
  return new Histogram({
    name,
    help,
    labelNames: [...labelNames],
    registers: [registry],
    ...buckets ? { buckets } : {}
  });
}
function gaugeReadAtScrape(registry, name, help, read) {
  if (registry.getSingleMetric(name)) return;
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    }
  });
}
export {
  counter,
  createMetricsRegistry,
  gauge,
  gaugeReadAtScrape,
  histogram
};
//# sourceMappingURL=registry.js.map
