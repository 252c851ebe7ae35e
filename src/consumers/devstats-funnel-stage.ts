import { DEVSTATS_ERROR, devstatsErrors } from "../domain/devstats/devstats.errors.js";
import type { DevStats } from "../domain/devstats/devstats.runtime.js";
import type { FunnelOutcome } from "../domain/devstats/funnel-ingest.js";
import { ClickHouseUnavailableError } from "../platform/clickhouse/clickhouse.js";
import type { HandlerResult } from "../platform/events/consumer/definition.js";
import type { Logger } from "../platform/log/logger.js";

/** Re-enrichment delays: base, 2·base, 4·base, … (N = PIN_DEVSTATS_DIMENSION_RETRIES). */
export function dimensionRetryDelays(retries: number, baseMs: number): number[] {
  return Array.from({ length: retries }, (_, i) => baseMs * 2 ** i);
}

/**
 * The runtime options both funnel stage consumers share (the contract gate — version, invalid
 * payload policy, topics — stays in each definition): order-free writes (uniqState of the stage's
 * key) with no parked-key check (decision 0212), pipelined batches (0217), a late dimension parked
 * and re-enriched with backoff, ClickHouse unreachable = infrastructure, batches of
 * PIN_DEVSTATS_BATCH_ROWS / PIN_DEVSTATS_BATCH_MS.
 */
export function funnelStageRuntimeOptions(
  devstats: DevStats,
  payload: { readonly invalidPayload: "dead-letter" | "skip" },
) {
  const { settings } = devstats;
  return {
    ordering: { keyOrder: "irrelevant", batchFlow: "pipelined" },
    policy: {
      invalidPayload: payload.invalidPayload,
      retriableCodes: [DEVSTATS_ERROR.dimensionNotFound],
      retry: {
        retriableDelaysMs: dimensionRetryDelays(
          settings.devStatsDimensionRetries,
          settings.devStatsDimensionRetryMs,
        ),
      },
      classifyError: (error: unknown) =>
        error instanceof ClickHouseUnavailableError ? "infrastructure" : undefined,
    },
    batch: { maxMessages: settings.devStatsBatchRows, flushMs: settings.devStatsBatchMs },
  } as const;
}

/**
 * What both funnel stage consumers (Bookings, Deals) do with a prepared batch: a late dimension
 * throws DEVSTATS_DIMENSION_NOT_FOUND (the runtime isolates the message by bisection, parks it,
 * re-enriches with backoff N times, then DLQ + the dimension-gap metric and alert); otherwise one
 * result per message, "applied" or "skipped" (tenant mismatch, invalid payload, flag off).
 */
export function funnelStageResults(
  devstats: DevStats,
  messages: ReadonlyArray<{ readonly attempt: number }>,
  outcomes: readonly FunnelOutcome[],
  log: Logger,
): HandlerResult[] {
  const late = outcomes.findIndex((o) => o.kind === "late-dimension");
  if (late >= 0) {
    const outcome = outcomes[late] as { kind: "late-dimension"; propertyObjectId: string };
    // Only when the runtime has isolated it (a batch of one) is this its real attempt.
    const attempt = messages.length === 1 ? (messages[0]?.attempt ?? 1) : 1;
    if (attempt > devstats.settings.devStatsDimensionRetries) {
      devstats.metrics.dimensionGap.inc();
      log.error(
        { propertyObjectId: outcome.propertyObjectId, attempts: attempt, alert: "dimension-gap" },
        "dimension never arrived: dead-lettering (backfill dim_property_object, then replay from the DLQ)",
      );
    }
    throw devstatsErrors.dimensionNotFound(outcome.propertyObjectId);
  }
  return outcomes.map((o) => (o.kind === "applied" ? "applied" : "skipped"));
}
