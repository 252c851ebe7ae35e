import {
  CATALOG_SYNC_READERS,
  type CatalogSyncPayloadByTopic,
} from "../contracts/readers/catalog-chessboard-sync.readers.js";
import { lockSyncBatchProjects } from "../domain/catalog/cards/lock-target-projects.js";
import { CATALOG_ERROR } from "../domain/catalog/catalog.errors.js";
import {
  createRewardsClient,
  type RewardsClient,
} from "../domain/catalog/rewards/rewards-commission.client.js";
import { applyBuildingUpserted } from "../domain/catalog/sync/apply-building-upserted.js";
import { applyDeveloperUpserted } from "../domain/catalog/sync/apply-developer-upserted.js";
import { applyProjectUpserted } from "../domain/catalog/sync/apply-project-upserted.js";
import {
  applyPropertyObjectChanges,
  type LotChange,
} from "../domain/catalog/sync/apply-property-object-changed.js";
import {
  applyPropertyObjectUpserts,
  type LotUpsert,
} from "../domain/catalog/sync/apply-property-object-upserts.js";
import { planSyncBatch, type SyncBatchItem } from "../domain/catalog/sync/sync-batch-plan.js";
import type { SyncContext, SyncResult, SyncSignals } from "../domain/catalog/sync/sync-context.js";
import type { Clock } from "../platform/clock/clock.js";
import type { Settings } from "../platform/config/settings.js";
import { isDomainError } from "../platform/errors/domain-error.js";
import {
  type BatchHandler,
  type BatchLocker,
  type BatchMessage,
  type ConsumerDefinition,
  defineConsumer,
  type ErrorClass,
} from "../platform/events/consumer/definition.js";
import type { ReaderViolation } from "../platform/events/contracts/reader-gate.js";
import { TOPIC } from "../platform/events/topics.js";
import type { Logger } from "../platform/log/logger.js";
import { counter, type Registry } from "../platform/metrics/registry.js";
import { contextFromHeaders, inSpan, linkTo } from "../platform/tracing/tracing.js";
import { isUuid } from "../platform/validation/ids.js";

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

/**
 * The gate's verdict on a payload that breaks the group's reader contract, as the spec's error
 * table says (decision 0300): a required field absent or null → CATALOG_SYNC_CONTRACT_FIELD_MISSING
 * (non-retriable, DLQ + alert); present but of the wrong type or format →
 * CATALOG_SYNC_INVALID_PAYLOAD (the code of the flows' own input checks).
 */
export function catalogContractViolationCode(violations: readonly ReaderViolation[]): string {
  return violations.some((v) => v.kind === "missing")
    ? CATALOG_ERROR.contractFieldMissing
    : CATALOG_ERROR.invalidPayload;
}

/**
 * pin-catalog-chessboard-sync: chessboard's six topics → the storefront cards (flows A–F in
 * src/domain/catalog/sync). This file only binds the platform's per-message context to the flows.
 */
export function catalogChessboardSyncConsumer(
  deps: CatalogChessboardSyncDeps,
): ConsumerDefinition<CatalogSyncPayloadByTopic> {
  const rewards =
    deps.rewards ??
    createRewardsClient({
      baseUrl: deps.settings.catalogRewardsUrl,
      timeoutMs: deps.settings.catalogRewardsTimeoutMs,
    });
  if (!rewards.enabled) {
    // Once, at start. info in development (the demo has no rewards service: expected, explained);
    // warn in production, where a missing URL is a misconfiguration.
    deps.log[deps.settings.nodeEnv === "production" ? "warn" : "info"](
      { group: CATALOG_CHESSBOARD_SYNC_GROUP, setting: "PIN_CATALOG_REWARDS_URL" },
      "rewards URL not configured: agent commission of lots stays null (set PIN_CATALOG_REWARDS_URL to the rewards API to fill it)",
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

  const enumFallbacks = counter(
    deps.metrics,
    `${CATALOG_SYNC_METRICS_PREFIX}_enum_fallback_total`,
    "Enum values mapped to the spec's fallback (unknown or fallback-mapped values); the event was applied",
    ["topic", "field"],
  );

  const signalsFor = (topic: string): SyncSignals => ({
    // INV-4 Kind mismatches below the limit are counted with the group's conflicts
    kindConflict: () => conflicts.inc({ group: CATALOG_CHESSBOARD_SYNC_GROUP, topic }),
    commissionDeferred: () => deferred.inc(),
    // labels bounded: one of the six topics × ENUM_FALLBACK_FIELDS
    enumFallback: (field) => enumFallbacks.inc({ topic, field }),
  });

  type Message = BatchMessage<CatalogSyncPayloadByTopic>;

  /** A–C, one message at a time (D–F never come here: they are applied set-based). */
  function flowOf(message: Message, ctx: SyncContext): Promise<SyncResult> {
    switch (message.topic) {
      case TOPIC.developerUpserted:
        return applyDeveloperUpserted(ctx, message.payload);
      case TOPIC.projectUpserted:
        return applyProjectUpserted(ctx, message.payload);
      case TOPIC.buildingUpserted:
        return applyBuildingUpserted(ctx, message.payload);
      case TOPIC.propertyObjectUpserted:
        return applyPropertyObjectUpserts(ctx, [lotUpsertOf(message, ctx.eventTime) as LotUpsert]).then(
          ([result]) => result ?? "applied",
        );
      case TOPIC.propertyObjectStatusChanged:
      case TOPIC.propertyObjectPriceChanged:
        return applyPropertyObjectChanges(ctx, [lotChangeOf(message, ctx.eventTime) as LotChange]).then(
          ([result]) => result ?? "applied",
        );
      default: {
        const _exhaustive: never = message;
        return _exhaustive;
      }
    }
  }

  const eventTimeOf = (message: Message, now: Date): Date => {
    const created = new Date(message.envelope.metadata.createdAt);
    return Number.isNaN(created.getTime()) ? now : created;
  };

  function lotChangeOf(message: Message, eventTime: Date): LotChange | null {
    const common = { eventTime, eventId: message.envelope.metadata.messageId, topic: message.topic };
    if (message.topic === TOPIC.propertyObjectStatusChanged)
      return { ...common, kind: "status", payload: message.payload };
    if (message.topic === TOPIC.propertyObjectPriceChanged)
      return { ...common, kind: "price", payload: message.payload };
    return null;
  }

  function lotUpsertOf(message: Message, eventTime: Date): LotUpsert | null {
    if (message.topic !== TOPIC.propertyObjectUpserted) return null;
    return {
      eventTime,
      eventId: message.envelope.metadata.messageId,
      topic: message.topic,
      payload: message.payload,
    };
  }

  function projectOf(message: Message): string[] {
    switch (message.topic) {
      case TOPIC.projectUpserted:
        return [message.payload.Id];
      case TOPIC.developerUpserted:
        return [];
      default:
        return [message.payload.ProjectId];
    }
  }

  function lotOf(message: Message): string | null {
    switch (message.topic) {
      case TOPIC.propertyObjectStatusChanged:
      case TOPIC.propertyObjectPriceChanged:
        return message.payload.PropertyObjectId;
      case TOPIC.propertyObjectUpserted:
        return message.payload.Id;
      default:
        return null;
    }
  }

  function planItem(message: Message): SyncBatchItem {
    const lotId = lotOf(message);
    if (lotId === null) return { kind: "other" };
    return message.topic === TOPIC.propertyObjectUpserted
      ? { kind: "lot-upsert", lotId }
      : { kind: "lot-change", lotId };
  }

  /**
   * Every project the batch writes, locked at once in sorted order before any flow runs (and before
   * the runtime's savepoints, decision 0218): batches on other partitions then never hold one
   * project while waiting for another in reverse order — not even when a failing message makes the
   * runtime bisect the batch into calls that each lock only their own projects. Beyond the projects
   * the messages name: the ones their lots are filed under now (a move) and a renamed developer's.
   */
  const lockBatch: BatchLocker<CatalogSyncPayloadByTopic> = async (messages, batch) => {
    const lotIds: string[] = [];
    const developerIds: string[] = [];
    for (const m of messages) {
      const lot = lotOf(m);
      if (lot !== null && isUuid(lot)) lotIds.push(lot);
      if (m.topic === TOPIC.developerUpserted && isUuid(m.payload.Id)) developerIds.push(m.payload.Id);
    }
    await lockSyncBatchProjects(batch.tx, { projectIds: messages.flatMap(projectOf), lotIds, developerIds });
  };

  /**
   * One transaction per batch (the runtime's). Lot passports and status/price changes — the bulk
   * of the stream — are applied set-based, a few statements for each held group (planSyncBatch
   * says when they may be held back); the other flows run one by one in offset order. A failing
   * message makes the runtime split the batch until it is isolated and gets the per-message policy.
   */
  const handleBatch: BatchHandler<CatalogSyncPayloadByTopic> = async (messages, batch) => {
    const results: SyncResult[] = new Array(messages.length).fill("applied");
    // lockBatch holds every project of the batch already; the flows' own locks re-enter them.
    for (const step of planSyncBatch(messages.map(planItem))) {
      const now = batch.clock.now();
      if (step.kind !== "one") {
        const held = step.indexes.map((i) => messages[i] as Message);
        const out = await inSpan(
          `catalog.sync ${step.kind === "lot-changes" ? "property-object-changes" : "property-object-upserts"}`,
          { attributes: { "pin.message_count": held.length }, links: held.flatMap(producerLink) },
          () =>
            step.kind === "lot-changes"
              ? applyPropertyObjectChanges(
                  {
                    tx: batch.tx,
                    log: batch.log,
                    now,
                    signals: signalsFor(TOPIC.propertyObjectStatusChanged),
                  },
                  held.map((message) => lotChangeOf(message, eventTimeOf(message, now)) as LotChange),
                )
              : applyPropertyObjectUpserts(
                  {
                    tx: batch.tx,
                    log: batch.log,
                    now,
                    rewards,
                    signals: signalsFor(TOPIC.propertyObjectUpserted),
                  },
                  held.map((message) => lotUpsertOf(message, eventTimeOf(message, now)) as LotUpsert),
                ),
        );
        step.indexes.forEach((i, k) => {
          results[i] = out[k] ?? "applied";
        });
        continue;
      }
      const message = messages[step.index] as Message;
      const { messageId, correlationId, aggregateId } = message.envelope.metadata;
      results[step.index] = await inSpan(
        `catalog.sync ${message.topic}`,
        {
          attributes: {
            "pin.event_id": messageId,
            "pin.correlation_id": correlationId,
            "pin.aggregate_id": aggregateId,
          },
        },
        () =>
          flowOf(message, {
            tx: batch.tx,
            log: batch.log.child({ topic: message.topic, messageId }),
            now,
            eventTime: eventTimeOf(message, now),
            eventId: messageId,
            heartbeat: batch.heartbeat,
            rewards,
            signals: signalsFor(message.topic),
          }),
      );
    }
    return results;
  };

  /** Each held-back change's own producer trace, with its correlation id (a batch spans many). */
  const producerLink = (message: Message) =>
    message.envelope.metadata.traceparent
      ? linkTo(contextFromHeaders({ traceparent: message.envelope.metadata.traceparent }), {
          "pin.event_id": message.envelope.metadata.messageId,
          "pin.correlation_id": message.envelope.metadata.correlationId,
        })
      : [];

  return defineConsumer<CatalogSyncPayloadByTopic>({
    group: CATALOG_CHESSBOARD_SYNC_GROUP,
    metricsPrefix: CATALOG_SYNC_METRICS_PREFIX,
    expectedContractVersion: CONTRACT_VERSION,
    retry: { retriableDelaysMs: deps.settings.catalogSyncRetryDelays },
    topics: CATALOG_SYNC_TOPICS,
    readers: CATALOG_SYNC_READERS,
    handleBatch,
    lockBatch,
    classifyError: classifyCatalogSyncError,
    contractViolationCode: catalogContractViolationCode,
  });
}
