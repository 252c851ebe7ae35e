import { createDevStats, type DevStats } from "../domain/devstats/devstats.runtime.js";
import { openClickHouse } from "../platform/clickhouse/open-clickhouse.js";
import type { Clock } from "../platform/clock/clock.js";
import type { Settings } from "../platform/config/settings.js";
import type { Db } from "../platform/db/prisma-client.js";
import type { Logger } from "../platform/log/logger.js";
import type { Registry } from "../platform/metrics/registry.js";
import { clickhouseStartVerdict } from "../platform/startup/dependency-verdicts.js";
import { retryUntilReady } from "../platform/startup/retry-until-ready.js";

/** dev-stats on its engine, or why there is none: /readyz reports the latter as degraded (decision 0551). */
export type Analytics =
  | { readonly devstats: DevStats; readonly degraded: null }
  | { readonly devstats: null; readonly degraded: string | null };

/**
 * The analytics engine and dev-stats on it (ClickHouse migrations applied). Without one (no
 * CLICKHOUSE_URL and chdb not installed) or when it cannot be migrated, the process starts
 * without the funnel: its consumers do not run, conversionFunnel answers
 * DEVSTATS_ANALYTICS_UNAVAILABLE and /readyz says `degraded` — unless PIN_ANALYTICS=off chose that.
 */
export async function openAnalytics(
  settings: Settings,
  deps: { db: Db; clock: Clock; log: Logger; metrics: Registry },
  wait: { cancelled: () => boolean; onRetry: (reason: string) => void },
): Promise<Analytics> {
  const opened = await openClickHouse(settings, deps.log);
  if (!opened.ok) {
    if (settings.analytics === "off") return { devstats: null, degraded: null };
    deps.log.warn({ reason: opened.reason }, "dev-stats funnel disabled");
    return { devstats: null, degraded: `off: ${opened.reason}` };
  }
  try {
    // A ClickHouse server that does not answer yet is waited for (issue #21); chdb is in-process.
    const create = () => createDevStats({ clickhouse: opened.clickhouse, ...deps, settings });
    if (opened.clickhouse.engine !== "server") return { devstats: await create(), degraded: null };
    const devstats = await retryUntilReady(create, {
      what: "ClickHouse",
      log: deps.log,
      classify: clickhouseStartVerdict,
      ...wait,
    });
    return { devstats, degraded: null };
  } catch (error) {
    deps.log.error(
      { err: error, engine: opened.clickhouse.engine },
      "dev-stats funnel disabled: ClickHouse not usable",
    );
    await opened.clickhouse.close().catch(() => {});
    return { devstats: null, degraded: `off: ${opened.clickhouse.engine} not usable at start` };
  }
}
