import { Readable } from "node:stream";
import { createClient } from "@clickhouse/client";
import { ClickHouseUnavailableError, isNetworkError, tabSeparated } from "./clickhouse.js";
function createServerEngine(options) {
  const client = createClient({
    url: options.url,
    request_timeout: options.requestTimeoutMs ?? 3e4,
    // 18.16 knows neither async inserts nor the newer settings; send none by default.
    clickhouse_settings: {}
  });
  async function guard(what, run) {
    try {
      return await run();
    } catch (error) {
      if (isNetworkError(error)) {
        throw new ClickHouseUnavailableError(`ClickHouse ${what} failed: ${error.message}`, {
          cause: error
        });
      }
      throw error;
    }
  }
  return {
    engine: "server",
    command: (sql) => guard("command", async () => void await client.command({ query: sql })),
    query: (sql) => guard("query", async () => (await client.query({ query: sql, format: "JSONEachRow" })).json()),
    insert: (table, rows) => guard("insert", async () => {
      if (rows.length === 0) return;
      const { columns, bytes } = tabSeparated(rows);
      const values = Readable.from([bytes], { objectMode: false });
      await client.insert({
        table,
        values,
        format: "TabSeparated",
        columns
      });
    }),
    ping: async () => {
      try {
        return (await client.ping()).success;
      } catch {
        return false;
      }
    },
    close: () => client.close()
  };
}
export {
  createServerEngine
};
//# sourceMappingURL=server-engine.js.map
