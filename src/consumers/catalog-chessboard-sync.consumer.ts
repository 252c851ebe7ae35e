import type { ChessboardEventByTopic } from "../contracts/chessboard-events.js";
import { CATALOG_ERROR } from "../domain/catalog/catalog.errors.js";
import {
  createRewardsClient,
  type RewardsClient,
} from "../domain/catalog/rewards/rewards-commission.client.js";
import { applyBuildingUpserted } from "../domain/catalog/sync/apply-building-upserted.js";
import { applyDeveloperUpserted } from "../domain/catalog/sync/apply-developer-upserted.js";
import { applyProjectUpserted } from "../domain/catalog/sync/apply-project-upserted.js";
import {
  applyPropertyObjectPriceChanged,
  applyPropertyObjectStatusChanged,
} from "../domain/catalog/sync/apply-property-object-changed.js";
import { applyPropertyObjectUpserted } from "../domain/catalog/sync/apply-property-object-upserted.js";
import type { SyncContext, SyncResult, SyncSignals } from "../domain/catalog/sync/sync-context.js";
import type { Clock } from "../platform/clock/clock.js";
import type { Settings } from "../platform/config/settings.js";
import { isDomainError } from "../platform/errors/domain-error.js";
import {
  type BatchHandler,
  type BatchMessage,
  type ConsumerDefinition,
  defineConsumer,
  type ErrorClass,
} from "../platform/events/consumer/definition.js";
import { TOPIC } from "../platform/events/topics.js";
import type { Logger } from "../platform/log/logger.js";
import { counter, type Registry } from "../platform/metrics/registry.js";

export const CATALOG_CHESSBOARD_SYNC_GROUP = "pin-catalog-chessboard-sync";
/** → catalog_chessboard_sync_lag_seconds, _consume_duration_ms, _stale_total, _retries_total, _dlq_total, … */
export const CATALOG_SYNC_METRICS_PREFIX = "catalog_chessboard_sync";
const CONTRACT_VERSION = 1;
export const CATALOG_SYNC_TOPICS = [
  TOPIC.developerUpserted,
  TOPIC.projectUpserted,
  TOPIC.buildingUpserted,
  TOPIC.propertyObjectUpserted,
  TOPIC.propertyObjectStatusChanged,
  TOPIC.propertyObjectPriceChanged,
] as const;
/** DSC-CAT-1: fields whose absence is a contract gap to agree with chessboard, not a bad message */
const CONTRACT_FIELDS = ["AddressLine", "DeveloperName"];

export interface CatalogChessboardSyncDeps {
  readonly log: Logger;
  readonly clock: Clock;
  readonly metrics: Registry;
  readonly settings: Settings;
  /** Tests pass a client on a local server; by default one is built from the settings */
  readonly rewards?: RewardsClient;
}

/** The spec's retry table by code (anything else: the platform's defaults). */
export function classifyCatalogSyncError(error: unknown): ErrorClass | undefined {
  // Two batches locking the same projects in another order: PostgreSQL aborts one; re-run it.
  if (error instanceof Error && /deadlock detected/i.test(`${error.message} ${String(error.cause ?? "")}`)) {
    return "conflict";
  }
  if (!isDomainError(error)) return undefined;
  switch (error.code) {
    case CATALOG_ERROR.projectNotFound:
    case CATALOG_ERROR.propertyObjectNotFound:
      return "retriable";
    case CATALOG_ERROR.contractFieldMissing:
    case CATALOG_ERROR.unsupportedCurrency:
    case CATALOG_ERROR.tenantMismatch:
    case CATALOG_ERROR.kindChanged:
    case CATALOG_ERROR.invalidPayload:
      return "non-retriable";
    default:
      return undefined;
  }
}

/** A payload missing a required property (or a DSC-CAT-1 field) → CATALOG_SYNC_CONTRACT_FIELD_MISSING. */
export function catalogContractViolationCode(errors: readonly string[]): string | undefined {
  const missing = errors.some(
    (e) => e.includes("must have required property") || CONTRACT_FIELDS.some((f) => e.startsWith(`/${f} `)),
  );
  return missing ? CATALOG_ERROR.contractFieldMissing : undefined;
}

/**
 * pin-catalog-chessboard-sync: chessboard's six topics → the storefront cards (flows A–F in
 * src/domain/catalog/sync). This file only binds the platform's per-message context to the flows.
 */
export function catalogChessboardSyncConsumer(
  deps: CatalogChessboardSyncDeps,
): ConsumerDefinition<ChessboardEventByTopic> {
  const rewards =
    deps.rewards ??
    createRewardsClient({
      baseUrl: deps.settings.catalogRewardsUrl,
      timeoutMs: deps.settings.catalogRewardsTimeoutMs,
    });
  if (!rewards.enabled) {
    deps.log.info(
      { group: CATALOG_CHESSBOARD_SYNC_GROUP, setting: "PIN_CATALOG_REWARDS_URL" },
      "rewards URL not configured: agent commission of lots stays null",
    );
  }
  const deferred = counter(
    deps.metrics,
    "catalog_commission_recompute_deferred_total",
    "Agent commission recomputes deferred because the rewards API was unavailable",
  );
  const conflicts = counter(
    deps.metrics,
    `${CATALOG_SYNC_METRICS_PREFIX}_conflicts_total`,
    "Optimistic-lock conflicts (immediate re-read and retry)",
    ["group", "topic"],
  );

  const signalsFor = (topic: string): SyncSignals => ({
    // INV-4 Kind mismatches below the limit are counted with the group's conflicts
    kindConflict: () => conflicts.inc({ group: CATALOG_CHESSBOARD_SYNC_GROUP, topic }),
    commissionDeferred: () => deferred.inc(),
  });

  function flowOf(message: BatchMessage<ChessboardEventByTopic>, ctx: SyncContext): Promise<SyncResult> {
    switch (message.topic) {
      case TOPIC.developerUpserted:
        return applyDeveloperUpserted(ctx, message.payload);
      case TOPIC.projectUpserted:
        return applyProjectUpserted(ctx, message.payload);
      case TOPIC.buildingUpserted:
        return applyBuildingUpserted(ctx, message.payload);
      case TOPIC.propertyObjectUpserted:
        return applyPropertyObjectUpserted(ctx, message.payload);
      case TOPIC.propertyObjectStatusChanged:
        return applyPropertyObjectStatusChanged(ctx, message.payload);
      case TOPIC.propertyObjectPriceChanged:
        return applyPropertyObjectPriceChanged(ctx, message.payload);
      default: {
        const _exhaustive: never = message;
        return _exhaustive;
      }
    }
  }

  /**
   * One transaction per batch (the runtime's): the flows run in offset order per key inside it, so
   * a burst of status/price changes costs one commit instead of one per event. A failing message
   * makes the runtime split the batch until it is isolated and gets the per-message policy.
   */
  const handleBatch: BatchHandler<ChessboardEventByTopic> = async (messages, batch) => {
    const results: SyncResult[] = [];
    for (const message of messages) {
      const created = new Date(message.envelope.metadata.createdAt);
      const now = batch.clock.now();
      results.push(
        await flowOf(message, {
          tx: batch.tx,
          log: batch.log.child({ topic: message.topic, messageId: message.envelope.metadata.messageId }),
          now,
          eventTime: Number.isNaN(created.getTime()) ? now : created,
          eventId: message.envelope.metadata.messageId,
          heartbeat: batch.heartbeat,
          rewards,
          signals: signalsFor(message.topic),
        }),
      );
    }
    return results;
  };

  return defineConsumer<ChessboardEventByTopic>({
    group: CATALOG_CHESSBOARD_SYNC_GROUP,
    metricsPrefix: CATALOG_SYNC_METRICS_PREFIX,
    expectedContractVersion: CONTRACT_VERSION,
    retry: { retriableDelaysMs: deps.settings.catalogSyncRetryDelays },
    topics: CATALOG_SYNC_TOPICS,
    handleBatch,
    classifyError: classifyCatalogSyncError,
    contractViolationCode: catalogContractViolationCode,
  });
}
