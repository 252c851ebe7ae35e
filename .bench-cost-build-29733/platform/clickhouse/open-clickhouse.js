import { join } from "node:path";
import { createChdbEngine, loadChdb } from "./chdb-engine.js";
import { chdbUnavailableOn } from "./chdb-platforms.js";
import { withInsertSpans } from "./insert-spans.js";
import { createServerEngine } from "./server-engine.js";
async function openClickHouse(settings, log) {
  if (settings.analytics === "off") return { ok: false, reason: "PIN_ANALYTICS=off" };
  if (settings.clickhouseUrl) {
    return { ok: true, clickhouse: withInsertSpans(createServerEngine({ url: settings.clickhouseUrl })) };
  }
  const noBuild = chdbUnavailableOn(process.platform, process.arch);
  if (noBuild) {
    log.warn({ reason: noBuild }, "analytics disabled");
    return { ok: false, reason: noBuild };
  }
  const loaded = await loadChdb();
  if ("error" in loaded) {
    const reason = `embedded ClickHouse (chdb) is not installed or cannot load (${loaded.error}); set CLICKHOUSE_URL or run \`npm install\` with optional dependencies`;
    log.warn({ reason }, "analytics disabled");
    return { ok: false, reason };
  }
  const path = join(settings.dataDir ?? ".data", "chdb");
  log.info({ path }, "embedded ClickHouse (chdb)");
  return { ok: true, clickhouse: withInsertSpans(createChdbEngine(loaded.chdb, path)) };
}
export {
  openClickHouse
};
//# sourceMappingURL=open-clickhouse.js.map
