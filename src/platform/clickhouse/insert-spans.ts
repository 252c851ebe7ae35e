import { inChildSpan } from "../tracing/tracing.js";
import type { ClickHouse } from "./clickhouse.js";

/**
 * The engine with a client span per insert (`clickhouse insert <table>`, decision 0450), only
 * inside a recording trace (a dev-stats consumer's batch): with tracing off the insert runs alone.
 */
export function withInsertSpans(ch: ClickHouse): ClickHouse {
  return {
    ...ch,
    insert: (table, rows) =>
      inChildSpan(
        () => `clickhouse insert ${table}`,
        () => ({
          kind: "client",
          attributes: {
            "db.system.name": "clickhouse",
            "db.operation.name": "INSERT",
            "db.collection.name": table,
            "db.operation.batch.size": rows.length,
            "pin.clickhouse.engine": ch.engine,
          },
        }),
        () => ch.insert(table, rows),
      ),
  };
}
