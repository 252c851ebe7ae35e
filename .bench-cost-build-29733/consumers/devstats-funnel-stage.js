import { DEVSTATS_ERROR, devstatsErrors } from "../domain/devstats/devstats.errors.js";
import { ClickHouseUnavailableError } from "../platform/clickhouse/clickhouse.js";
function dimensionRetryDelays(retries, baseMs) {
  return Array.from({ length: retries }, (_, i) => baseMs * 2 ** i);
}
function funnelStageRuntimeOptions(devstats, payload) {
  const { settings } = devstats;
  return {
    ordering: { keyOrder: "irrelevant", batchFlow: "pipelined" },
    policy: {
      invalidPayload: payload.invalidPayload,
      retriableCodes: [DEVSTATS_ERROR.dimensionNotFound],
      retry: {
        retriableDelaysMs: dimensionRetryDelays(
          settings.devStatsDimensionRetries,
          settings.devStatsDimensionRetryMs
        )
      },
      classifyError: (error) => error instanceof ClickHouseUnavailableError ? "infrastructure" : void 0
    },
    batch: { maxMessages: settings.devStatsBatchRows, flushMs: settings.devStatsBatchMs }
  };
}
function funnelStageResults(devstats, messages, outcomes, log) {
  const late = outcomes.findIndex((o) => o.kind === "late-dimension");
  if (late >= 0) {
    const outcome = outcomes[late];
    const attempt = messages.length === 1 ? messages[0]?.attempt ?? 1 : 1;
    if (attempt > devstats.settings.devStatsDimensionRetries) {
      devstats.metrics.dimensionGap.inc();
      log.error(
        { propertyObjectId: outcome.propertyObjectId, attempts: attempt, alert: "dimension-gap" },
        "dimension never arrived: dead-lettering (backfill dim_property_object, then replay from the DLQ)"
      );
    }
    throw devstatsErrors.dimensionNotFound(outcome.propertyObjectId);
  }
  return outcomes.map((o) => o.kind === "applied" ? "applied" : "skipped");
}
export {
  dimensionRetryDelays,
  funnelStageResults,
  funnelStageRuntimeOptions
};
//# sourceMappingURL=devstats-funnel-stage.js.map
