import {
  CATALOG_SYNC_READERS,
  type CatalogSyncPayloadByTopic,
} from "../contracts/readers/catalog-chessboard-sync.readers.js";
import {
  createRewardsClient,
  type RewardsClient,
} from "../domain/catalog/rewards/rewards-commission.client.js";
import { syncBatchHandler } from "../domain/catalog/sync/sync-batch.handler.js";
import {
  catalogContractViolationCode,
  classifyCatalogSyncError,
} from "../domain/catalog/sync/sync-error-policy.js";
import {
  CATALOG_SYNC_SPEC_METRICS,
  syncSignals,
  warnIfRewardsOff,
} from "../domain/catalog/sync/sync-signals.js";
import type { Clock } from "../platform/clock/clock.js";
import type { Settings } from "../platform/config/settings.js";
import type { RawTx } from "../platform/db/raw-tx.js";
import {
  type ConsumerDefinition,
  defineConsumer,
  rawPgScope,
} from "../platform/events/consumer/definition.js";
import { TOPIC } from "../platform/events/topics.js";
import type { Logger } from "../platform/log/logger.js";
import type { Registry } from "../platform/metrics/registry.js";
import { projectionBatch } from "./projection-batch.js";

export const CATALOG_CHESSBOARD_SYNC_GROUP = "pin-catalog-chessboard-sync";
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

/**
 * pin-catalog-chessboard-sync: chessboard's six topics → the storefront cards. This file only
 * binds the runtime to the domain's batch handler (src/domain/catalog/sync/sync-batch.handler.ts:
 * routing, locks, plan, the flows; docs/engineering/catalog.md "Follow a catalog event").
 */
export function catalogChessboardSyncConsumer(
  deps: CatalogChessboardSyncDeps,
): ConsumerDefinition<CatalogSyncPayloadByTopic, RawTx> {
  const rewards =
    deps.rewards ??
    createRewardsClient({
      baseUrl: deps.settings.catalogRewardsUrl,
      timeoutMs: deps.settings.catalogRewardsTimeoutMs,
    });
  warnIfRewardsOff(rewards, deps.log, CATALOG_CHESSBOARD_SYNC_GROUP, deps.settings.nodeEnv === "production");
  const signalsFor = syncSignals(deps.metrics, CATALOG_CHESSBOARD_SYNC_GROUP);
  const { handleBatch, lockBatch } = syncBatchHandler({ rewards, signalsFor });

  return defineConsumer<CatalogSyncPayloadByTopic, RawTx>({
    group: CATALOG_CHESSBOARD_SYNC_GROUP,
    // Off Prisma's interactive transaction (decision 0631): the sync's statements are SQL.
    scope: rawPgScope(),
    // A storefront card may be a tenth of a second later: fetches gather (decision 0636)
    batch: projectionBatch(deps.settings),
    // The spec's names of the runtime metrics, besides pin_consumer_* (decision 0604)
    specMetrics: CATALOG_SYNC_SPEC_METRICS,
    expectedContractVersion: CONTRACT_VERSION,
    topics: CATALOG_SYNC_TOPICS,
    readers: CATALOG_SYNC_READERS,
    handleBatch,
    lockBatch,
    policy: {
      retry: { retriableDelaysMs: deps.settings.catalogSyncRetryDelays },
      classifyError: classifyCatalogSyncError,
      contractViolationCode: catalogContractViolationCode,
    },
  });
}
