import { mkdirSync } from "node:fs";
import { type ClickHouse, ClickHouseUnavailableError, parseJsonEachRow, tabSeparated } from "./clickhouse.js";

type ChdbModule = typeof import("chdb");
export type ChdbSession = InstanceType<ChdbModule["Session"]>;

/** `chdb` is an optional dependency: null (with the reason) when it is not installed or cannot load. */
export async function loadChdb(): Promise<{ chdb: ChdbModule } | { error: string }> {
  try {
    const mod = (await import("chdb")) as ChdbModule & { default?: ChdbModule };
    const chdb = (mod.Session ? mod : mod.default) as ChdbModule;
    if (typeof chdb?.Session !== "function") return { error: "the chdb module has no Session" };
    return { chdb };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The embedded engine: chdb in-process, one Session on `path` (chdb allows one live session per
 * process, so the process keeps one and shares it). Statements run off the event loop
 * (queryAsync); inserts are raw TabSeparated passthrough inserts (the bytes go to the engine's parser).
 */
export function createChdbEngine(chdb: ChdbModule, path: string): ClickHouse {
  mkdirSync(path, { recursive: true });
  return chdbEngineOn(new chdb.Session(path));
}

/** The engine on a session opened by the caller (the benchmark also inserts through it bare). */
export function chdbEngineOn(opened: ChdbSession): ClickHouse {
  let session: ChdbSession | null = opened;
  // One statement at a time on the session: the embedded engine is shared by the API and the
  // consumers of the process, and a chdb connection is not documented as safe for overlapping calls.
  let tail: Promise<unknown> = Promise.resolve();
  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    const next = tail.then(run, run);
    tail = next.catch(() => {});
    return next;
  };
  const open = (): ChdbSession => {
    if (!session) throw new ClickHouseUnavailableError("the embedded ClickHouse (chdb) session is closed");
    return session;
  };
  return {
    engine: "chdb",
    command: (sql) =>
      serial(async () => {
        await open().queryAsync(sql, { format: "TabSeparated" });
      }),
    query: <T>(sql: string) =>
      serial(async () =>
        parseJsonEachRow<T>((await open().queryAsync(sql, { format: "JSONEachRow" })).text()),
      ),
    insert: (table, rows) =>
      serial(async () => {
        if (rows.length === 0) return;
        const { columns, bytes } = tabSeparated(rows);
        await open().insert({ table, values: bytes, format: "TabSeparated", columns });
      }),
    ping: () =>
      serial(async () => {
        try {
          await open().queryAsync("SELECT 1", { format: "TabSeparated" });
          return true;
        } catch {
          return false;
        }
      }),
    close: () =>
      serial(async () => {
        session?.close();
        session = null;
      }),
  };
}
