import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

export type { Counter, Gauge, Histogram, Registry } from "prom-client";

/** One Prometheus registry per process (tests create their own). Served on GET /metrics. */
export function createMetricsRegistry(options: { defaultMetrics?: boolean } = {}): Registry {
  const registry = new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry });
  return registry;
}

/**
 * Get-or-create helpers: several components (and several consumer groups) may declare the same
 * metric; prom-client refuses a second registration, so we reuse the first.
 */
export function counter<L extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly L[] = [],
): Counter<L> {
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as Counter<L>;
  return new Counter<L>({ name, help, labelNames: [...labelNames], registers: [registry] });
}

export function gauge<L extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly L[] = [],
): Gauge<L> {
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as Gauge<L>;
  return new Gauge<L>({ name, help, labelNames: [...labelNames], registers: [registry] });
}

export function histogram<L extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly L[] = [],
  buckets?: number[],
): Histogram<L> {
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as Histogram<L>;
  return new Histogram<L>({
    name,
    help,
    labelNames: [...labelNames],
    registers: [registry],
    ...(buckets ? { buckets } : {}),
  });
}

/** A gauge read at scrape time (`read()`): nothing to do where the value changes. */
export function gaugeReadAtScrape(registry: Registry, name: string, help: string, read: () => number): void {
  if (registry.getSingleMetric(name)) return;
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}
