import type { ClickHouse } from "../../platform/clickhouse/clickhouse.js";
import { runClickHouseMigrations } from "../../platform/clickhouse/migrations.js";
import type { Clock } from "../../platform/clock/clock.js";
import type { Settings } from "../../platform/config/settings.js";
import type { Db } from "../../platform/db/prisma-client.js";
import { createFeatureFlags, type FeatureFlags } from "../../platform/flags/feature-flags.js";
import type { Logger } from "../../platform/log/logger.js";
import type { Registry } from "../../platform/metrics/registry.js";
import { DEVSTATS_CLICKHOUSE_MIGRATIONS, DEVSTATS_DATABASE } from "./devstats.clickhouse-migrations.js";
import { createDevStatsMetrics, type DevStatsMetrics } from "./devstats.metrics.js";
import { createDevStatsReads, type DevStatsReads } from "./devstats.reads.js";
import { createDevStatsStore, type DevStatsStore } from "./devstats.store.js";
import { createFunnelIngest, type FunnelIngest } from "./funnel-ingest.js";
import { createFunnelSink } from "./funnel-sink.js";

export type DevStatsSettings = Pick<
  Settings,
  | "devStatsFunnelEnabled"
  | "devStatsDatabase"
  | "featureFlagRefreshMs"
  | "devStatsBatchRows"
  | "devStatsBatchMs"
  | "devStatsDimensionRetries"
  | "devStatsDimensionCacheMs"
  | "devStatsDimensionRetryMs"
>;

/** Everything dev-stats needs at run time, built once by the composition root. */
export interface DevStats {
  readonly clickhouse: ClickHouse;
  readonly store: DevStatsStore;
  readonly flags: FeatureFlags;
  readonly metrics: DevStatsMetrics;
  readonly ingest: FunnelIngest;
  readonly reads: DevStatsReads;
  readonly settings: DevStatsSettings;
}

export interface DevStatsDeps {
  clickhouse: ClickHouse;
  db: Db;
  clock: Clock;
  log: Logger;
  metrics: Registry;
  settings: DevStatsSettings;
  /** tests use their own database name */
  database?: string;
  flags?: FeatureFlags;
}

export async function createDevStats(deps: DevStatsDeps): Promise<DevStats> {
  const database = deps.database ?? deps.settings.devStatsDatabase ?? DEVSTATS_DATABASE;
  const log = deps.log.child({ context: "devstats" });
  const migrated = await runClickHouseMigrations(
    deps.clickhouse,
    database,
    DEVSTATS_CLICKHOUSE_MIGRATIONS,
    log,
  );
  log.info(
    {
      database,
      applied: migrated.applied.length,
      total: migrated.applied.length + migrated.alreadyApplied.length,
    },
    "clickhouse migrated",
  );
  const store = createDevStatsStore(deps.clickhouse, database);
  const metrics = createDevStatsMetrics(deps.metrics);
  const flags =
    deps.flags ??
    createFeatureFlags({
      db: deps.db,
      clock: deps.clock,
      refreshMs: deps.settings.featureFlagRefreshMs,
      defaults: { "dev-stats.funnel.enabled": deps.settings.devStatsFunnelEnabled },
    });
  const maxRows = deps.settings.devStatsBatchRows;
  const newSink = () => createFunnelSink({ store, metrics, log, maxRows, insert: store.insertBookings });
  const newDealSink = () => createFunnelSink({ store, metrics, log, maxRows, insert: store.insertDeals });
  const ingest = createFunnelIngest({
    store,
    newSink,
    newDealSink,
    flags,
    metrics,
    log,
    dimensionCacheMs: deps.settings.devStatsDimensionCacheMs,
  });
  return {
    clickhouse: deps.clickhouse,
    store,
    flags,
    metrics,
    ingest,
    reads: createDevStatsReads(store),
    settings: deps.settings,
  };
}
