import { mkdirSync } from "node:fs";
import { ClickHouseUnavailableError, parseJsonEachRow, tabSeparated } from "./clickhouse.js";
async function loadChdb() {
  try {
    const mod = await import("chdb");
    const chdb = mod.Session ? mod : mod.default;
    if (typeof chdb?.Session !== "function") return { error: "the chdb module has no Session" };
    return { chdb };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
function createChdbEngine(chdb, path) {
  mkdirSync(path, { recursive: true });
  return chdbEngineOn(new chdb.Session(path));
}
function chdbEngineOn(opened) {
  let session = opened;
  let tail = Promise.resolve();
  const serial = (run) => {
    const next = tail.then(run, run);
    tail = next.catch(() => {
    });
    return next;
  };
  const open = () => {
    if (!session) throw new ClickHouseUnavailableError("the embedded ClickHouse (chdb) session is closed");
    return session;
  };
  return {
    engine: "chdb",
    command: (sql) => serial(async () => {
      await open().queryAsync(sql, { format: "TabSeparated" });
    }),
    query: (sql) => serial(
      async () => parseJsonEachRow((await open().queryAsync(sql, { format: "JSONEachRow" })).text())
    ),
    insert: (table, rows) => serial(async () => {
      if (rows.length === 0) return;
      const { columns, bytes } = tabSeparated(rows);
      await open().insert({ table, values: bytes, format: "TabSeparated", columns });
    }),
    ping: () => serial(async () => {
      try {
        await open().queryAsync("SELECT 1", { format: "TabSeparated" });
        return true;
      } catch {
        return false;
      }
    }),
    close: () => serial(async () => {
      session?.close();
      session = null;
    })
  };
}
export {
  chdbEngineOn,
  createChdbEngine,
  loadChdb
};
//# sourceMappingURL=chdb-engine.js.map
