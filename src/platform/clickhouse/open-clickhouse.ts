import { join } from "node:path";
import type { Settings } from "../config/settings.js";
import type { Logger } from "../log/logger.js";
import { createChdbEngine, loadChdb } from "./chdb-engine.js";
import { chdbUnavailableOn } from "./chdb-platforms.js";
import type { ClickHouse } from "./clickhouse.js";
import { withInsertSpans } from "./insert-spans.js";
import { createServerEngine } from "./server-engine.js";

export type OpenedClickHouse = { ok: true; clickhouse: ClickHouse } | { ok: false; reason: string };

/**
 * CLICKHOUSE_URL set → the server engine; else the embedded chdb engine under
 * PIN_DATA_DIR/chdb; chdb missing (it is an optional dependency) → not available, with the
 * reason, and the process starts without analytics.
 */
export async function openClickHouse(
  settings: Pick<Settings, "clickhouseUrl" | "dataDir" | "analytics">,
  log: Logger,
): Promise<OpenedClickHouse> {
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
