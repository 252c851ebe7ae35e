import { Readable } from "node:stream";
import { type ClickHouseClient, createClient } from "@clickhouse/client";
import { type ClickHouse, ClickHouseUnavailableError, isNetworkError, tabSeparated } from "./clickhouse.js";

export interface ServerEngineOptions {
  url: string;
  /** ms; a slow insert past this counts as unavailable */
  requestTimeoutMs?: number;
}

/** The server engine: a ClickHouse server over HTTP (@clickhouse/client). */
export function createServerEngine(options: ServerEngineOptions): ClickHouse {
  const client: ClickHouseClient = createClient({
    url: options.url,
    request_timeout: options.requestTimeoutMs ?? 30_000,
    // 18.16 knows neither async inserts nor the newer settings; send none by default.
    clickhouse_settings: {},
  });

  async function guard<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isNetworkError(error)) {
        throw new ClickHouseUnavailableError(`ClickHouse ${what} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      throw error;
    }
  }

  return {
    engine: "server",
    command: (sql) => guard("command", async () => void (await client.command({ query: sql }))),
    query: <T>(sql: string) =>
      guard("query", async () => (await client.query({ query: sql, format: "JSONEachRow" })).json<T>()),
    insert: (table, rows) =>
      guard("insert", async () => {
        if (rows.length === 0) return;
        const { columns, bytes } = tabSeparated(rows);
        // One chunk: the client passes a byte stream of a raw format through untouched.
        const values = Readable.from([bytes], { objectMode: false });
        await client.insert({
          table,
          values,
          format: "TabSeparated",
          columns: columns as [string, ...string[]],
        });
      }),
    ping: async () => {
      try {
        return (await client.ping()).success;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}
