import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubDevStats } from "../../test/support/fixtures/stub-devstats.js";
import { isDefaultMetric, PIN_NAMING_POLICY } from "../../test/support/metric-names.js";
import { declareRoles, type Roles, reportDegraded } from "../app.js";
import { systemClock } from "../platform/clock/clock.js";
import { loadSettings } from "../platform/config/settings.js";
import { createPrismaClient } from "../platform/db/prisma-client.js";
import { createEventPlatform } from "../platform/events/event-platform.js";
import { createLogger } from "../platform/log/logger.js";
import { type MetricFamily, namingViolations } from "../platform/metrics/metric-naming.js";
import { createMetricsRegistry, type Registry } from "../platform/metrics/registry.js";
import type { Infrastructure } from "./infrastructure.js";

const policy = PIN_NAMING_POLICY;

/**
 * The registry as src/app.ts builds it — default metrics, then every role of a process running all
 * three declared over the infrastructure (each consumer, worker, relay and live hub registers its
 * families when it is built) — over a database that is never connected to and dev-stats on a stub
 * ClickHouse (its consumers declared too). Nothing is started. The API server's own families
 * (registered when it listens) are checked on a running app's /metrics by alert-rules.int.test.ts.
 */
async function appRegistry(): Promise<{ metrics: Registry; roles: Roles; close: () => Promise<void> }> {
  const log = createLogger({ level: "silent", pretty: false });
  const metrics = createMetricsRegistry({ defaultMetrics: true });
  const url = "postgresql://unit:unit@127.0.0.1:9/never_connected";
  const settings = loadSettings({
    NODE_ENV: "test",
    DATABASE_URL: url,
    PIN_JWT_SECRET: "unit-metric-names-secret-0123456789abcdef",
  });
  const db = createPrismaClient({ url });
  const infra = { db, log, clock: systemClock, metrics };
  const platform = createEventPlatform({ settings: { ...settings, instanceId: "unit" }, ...infra });
  const devstats = await stubDevStats({ log, metrics, settings, db });
  const infrastructure: Infrastructure = {
    settings,
    infra,
    database: { url, embedded: false },
    testClock: null,
    platform,
    devstats,
    analyticsDegraded: null,
    stop: async () => {},
  };
  const roles = declareRoles(settings, infrastructure);
  reportDegraded(infrastructure, metrics);
  return {
    metrics,
    roles,
    close: async () => {
      for (const role of Object.values(roles)) await role?.stop();
      await platform.close();
      await db.$disconnect();
    },
  };
}

describe("metric names follow Prometheus conventions (decision 0604)", () => {
  let families: MetricFamily[] = [];
  let close: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const built = await appRegistry();
    close = built.close;
    expect(Object.keys(built.roles).sort()).toEqual(["api", "consumers", "workers"]);
    families = (await built.metrics.getMetricsAsJSON())
      .filter((m) => !isDefaultMetric(m.name))
      .map((m) => ({ name: m.name, type: String(m.type) }));
  });
  afterAll(() => close());

  it("every consumer's runtime metrics are one family, pin_consumer_*, the group a label", () => {
    const names = new Set(families.map((f) => f.name));
    for (const name of [
      "pin_consumer_consumed_total",
      "pin_consumer_dlq_total",
      "pin_consumer_lag_seconds",
      "pin_consumer_consume_duration_seconds",
      "pin_consumer_retries_total",
      // the funnel's, present because dev-stats' consumers are declared too
      "devstats_funnel_insert_duration_seconds",
      "pin_commit_signals_total",
      ...policy.specNamed,
    ])
      expect(names, name).toContain(name);
  });

  it("no name in the app's registry has a unit below seconds, names a consumer group or breaks _total (spec names aside)", () => {
    expect(namingViolations(families, policy)).toEqual([]);
  });

  it("the check catches what it is for", () => {
    const bad: MetricFamily[] = [
      { name: "devstats_funnel_insert_duration_ms", type: "histogram" },
      { name: "devstats_funnel_booking_lag_seconds", type: "gauge" },
      { name: "catalog_chessboard_sync_enum_fallback_total", type: "counter" },
      { name: "chessboard_crm_property_object_status_dlq_total", type: "counter" },
      { name: "pin_outbox_published", type: "counter" },
      { name: "pin_outbox_backlog_total", type: "gauge" },
    ];
    for (const family of bad) expect(namingViolations([family], policy), family.name).not.toEqual([]);
    // a spec name is kept as the spec writes it
    expect(
      namingViolations([{ name: "catalog_chessboard_sync_consume_duration_ms", type: "histogram" }], policy),
    ).toEqual([]);
  });
});
