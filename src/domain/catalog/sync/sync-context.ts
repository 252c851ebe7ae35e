import type { RawTx } from "../../../platform/db/raw-tx.js";
import type { Logger } from "../../../platform/log/logger.js";
import type { RewardsClient } from "../rewards/rewards-commission.client.js";
import type { EnumFallbackField, Warnings } from "../vocabulary/card-vocabulary.js";

/** What a sync flow needs besides its payload; built per message by the thin consumer file. */
export interface SyncContext {
  readonly tx: RawTx;
  readonly log: Logger;
  /** Wall clock: updated_at, override liveness */
  readonly now: Date;
  /** The event's CreatedAt: ChessboardSyncedAt and PublishedAt (decision 0087) */
  readonly eventTime: Date;
  readonly eventId: string;
  readonly heartbeat: () => Promise<void>;
  readonly rewards: RewardsClient;
  readonly signals: SyncSignals;
}

/** Counters a flow bumps (the consumer binds them to Prometheus). */
export interface SyncSignals {
  kindConflict(): void;
  commissionDeferred(): void;
  /** An enum value took the spec's fallback (decision 0302) */
  enumFallback(field: EnumFallbackField): void;
}

export type SyncResult = "applied" | "skipped-stale" | "skipped";

export function logWarnings(
  log: Logger,
  aggregateId: string,
  warnings: Warnings,
  signals?: Pick<SyncSignals, "enumFallback">,
): void {
  for (const w of warnings) {
    log.warn({ aggregateId, ...w }, "mapping fallback");
    if (w.enumFallback) signals?.enumFallback(w.enumFallback);
  }
}

export function logStale(
  ctx: Pick<SyncContext, "log" | "eventId">,
  aggregateId: string,
  version: number,
  chessboardVersion: number | null,
): SyncResult {
  ctx.log.debug({ eventId: ctx.eventId, aggregateId, version, chessboardVersion }, "skipped-stale");
  return "skipped-stale";
}
