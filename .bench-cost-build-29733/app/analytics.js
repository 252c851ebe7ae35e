import { createDevStats } from "../domain/devstats/devstats.runtime.js";
import { openClickHouse } from "../platform/clickhouse/open-clickhouse.js";
import { clickhouseStartVerdict } from "../platform/startup/dependency-verdicts.js";
import { retryUntilReady } from "../platform/startup/retry-until-ready.js";
async function openAnalytics(settings, deps, wait) {
  const opened = await openClickHouse(settings, deps.log);
  if (!opened.ok) {
    if (settings.analytics === "off") return { devstats: null, degraded: null };
    deps.log.warn({ reason: opened.reason }, "dev-stats funnel disabled");
    return { devstats: null, degraded: `off: ${opened.reason}` };
  }
  try {
    const create = () => createDevStats({ clickhouse: opened.clickhouse, ...deps, settings });
    if (opened.clickhouse.engine !== "server") return { devstats: await create(), degraded: null };
    const devstats = await retryUntilReady(create, {
      what: "ClickHouse",
      log: deps.log,
      classify: clickhouseStartVerdict,
      ...wait
    });
    return { devstats, degraded: null };
  } catch (error) {
    deps.log.error(
      { err: error, engine: opened.clickhouse.engine },
      "dev-stats funnel disabled: ClickHouse not usable"
    );
    await opened.clickhouse.close().catch(() => {
    });
    return { devstats: null, degraded: `off: ${opened.clickhouse.engine} not usable at start` };
  }
}
export {
  openAnalytics
};
//# sourceMappingURL=analytics.js.map
