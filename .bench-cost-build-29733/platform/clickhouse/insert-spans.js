import { inChildSpan } from "../tracing/tracing.js";
function withInsertSpans(ch) {
  return {
    ...ch,
    insert: (table, rows) => inChildSpan(
      () => `clickhouse insert ${table}`,
      () => ({
        kind: "client",
        attributes: {
          "db.system.name": "clickhouse",
          "db.operation.name": "INSERT",
          "db.collection.name": table,
          "db.operation.batch.size": rows.length,
          "pin.clickhouse.engine": ch.engine
        }
      }),
      () => ch.insert(table, rows)
    )
  };
}
export {
  withInsertSpans
};
//# sourceMappingURL=insert-spans.js.map
