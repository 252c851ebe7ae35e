function partsOf(rows) {
  const months = /* @__PURE__ */ new Set();
  let month = "";
  for (const row of rows) {
    if (month !== "" && row.EventDate.startsWith(month)) continue;
    month = row.EventDate.slice(0, 7);
    months.add(month);
  }
  return months.size;
}
function createFunnelSink(deps) {
  const insert = deps.insert;
  let buffer = [];
  return {
    get pending() {
      return buffer.length;
    },
    write(rows) {
      for (const row of rows) buffer.push(row);
    },
    async flush() {
      const rows = buffer;
      buffer = [];
      let parts = 0;
      let inserts = 0;
      for (let i = 0; i < rows.length; i += deps.maxRows) {
        const chunk = rows.slice(i, i + deps.maxRows);
        const started = performance.now();
        try {
          await insert(chunk);
        } catch (error) {
          deps.metrics.insertFailures.inc({ engine: deps.store.engine });
          deps.log.warn({ err: error, rows: chunk.length }, "funnel insert failed");
          throw error;
        }
        const chunkParts = partsOf(chunk);
        deps.metrics.insertDuration.observe(
          { engine: deps.store.engine },
          (performance.now() - started) / 1e3
        );
        deps.metrics.insertRows.observe(chunk.length);
        deps.metrics.insertParts.observe(chunkParts);
        deps.log.debug({ rows: chunk.length, parts: chunkParts }, "funnel rows inserted");
        parts += chunkParts;
        inserts += 1;
      }
      return { rows: rows.length, parts, inserts };
    }
  };
}
function asBatchSink(open) {
  return () => {
    const sink = open();
    return {
      write: (rows) => sink.write(rows),
      flush: async () => {
        await sink.flush();
      }
    };
  };
}
export {
  asBatchSink,
  createFunnelSink,
  partsOf
};
//# sourceMappingURL=funnel-sink.js.map
