import { runClickHouseMigrations } from "../../platform/clickhouse/migrations.js";
import { createFeatureFlags } from "../../platform/flags/feature-flags.js";
import { DEVSTATS_CLICKHOUSE_MIGRATIONS, DEVSTATS_DATABASE } from "./devstats.clickhouse-migrations.js";
import { createDevStatsMetrics } from "./devstats.metrics.js";
import { createDevStatsReads } from "./devstats.reads.js";
import { createDevStatsStore } from "./devstats.store.js";
import { createFunnelIngest } from "./funnel-ingest.js";
import { createFunnelSink } from "./funnel-sink.js";
async function createDevStats(deps) {
  const database = deps.database ?? deps.settings.devStatsDatabase ?? DEVSTATS_DATABASE;
  const log = deps.log.child({ context: "devstats" });
  const migrated = await runClickHouseMigrations(
    deps.clickhouse,
    database,
    DEVSTATS_CLICKHOUSE_MIGRATIONS,
    log
  );
  log.info(
    {
      database,
      applied: migrated.applied.length,
      total: migrated.applied.length + migrated.alreadyApplied.length
    },
    "clickhouse migrated"
  );
  const store = createDevStatsStore(deps.clickhouse, database);
  const metrics = createDevStatsMetrics(deps.metrics);
  const flags = deps.flags ?? createFeatureFlags({
    db: deps.db,
    clock: deps.clock,
    refreshMs: deps.settings.featureFlagRefreshMs,
    defaults: { "dev-stats.funnel.enabled": deps.settings.devStatsFunnelEnabled }
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
    dimensionCacheMs: deps.settings.devStatsDimensionCacheMs
  });
  return {
    clickhouse: deps.clickhouse,
    store,
    flags,
    metrics,
    ingest,
    reads: createDevStatsReads(store),
    settings: deps.settings
  };
}
export {
  createDevStats
};
//# sourceMappingURL=devstats.runtime.js.map
