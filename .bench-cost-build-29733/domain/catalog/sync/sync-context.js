function logWarnings(log, aggregateId, warnings, signals) {
  for (const w of warnings) {
    log.warn({ aggregateId, ...w }, "mapping fallback");
    if (w.enumFallback) signals?.enumFallback(w.enumFallback);
  }
}
function logStale(ctx, aggregateId, version, chessboardVersion) {
  ctx.log.debug({ eventId: ctx.eventId, aggregateId, version, chessboardVersion }, "skipped-stale");
  return "skipped-stale";
}
export {
  logStale,
  logWarnings
};
//# sourceMappingURL=sync-context.js.map
