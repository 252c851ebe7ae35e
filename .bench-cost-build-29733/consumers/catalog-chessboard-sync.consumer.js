import {
  CATALOG_SYNC_READERS
} from "../contracts/readers/catalog-chessboard-sync.readers.js";
import {
  createRewardsClient
} from "../domain/catalog/rewards/rewards-commission.client.js";
import { syncBatchHandler } from "../domain/catalog/sync/sync-batch.handler.js";
import {
  catalogContractViolationCode,
  classifyCatalogSyncError
} from "../domain/catalog/sync/sync-error-policy.js";
import {
  CATALOG_SYNC_SPEC_METRICS,
  syncSignals,
  warnIfRewardsOff
} from "../domain/catalog/sync/sync-signals.js";
import { defineConsumer } from "../platform/events/consumer/definition.js";
import { TOPIC } from "../platform/events/topics.js";
const CATALOG_CHESSBOARD_SYNC_GROUP = "pin-catalog-chessboard-sync";
const CONTRACT_VERSION = 1;
const CATALOG_SYNC_TOPICS = [
  TOPIC.developerUpserted,
  TOPIC.projectUpserted,
  TOPIC.buildingUpserted,
  TOPIC.propertyObjectUpserted,
  TOPIC.propertyObjectStatusChanged,
  TOPIC.propertyObjectPriceChanged
];
function catalogChessboardSyncConsumer(deps) {
  const rewards = deps.rewards ?? createRewardsClient({
    baseUrl: deps.settings.catalogRewardsUrl,
    timeoutMs: deps.settings.catalogRewardsTimeoutMs
  });
  warnIfRewardsOff(rewards, deps.log, CATALOG_CHESSBOARD_SYNC_GROUP, deps.settings.nodeEnv === "production");
  const signalsFor = syncSignals(deps.metrics, CATALOG_CHESSBOARD_SYNC_GROUP);
  const { handleBatch, lockBatch } = syncBatchHandler({ rewards, signalsFor });
  return defineConsumer({
    group: CATALOG_CHESSBOARD_SYNC_GROUP,
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
      contractViolationCode: catalogContractViolationCode
    }
  });
}
export {
  CATALOG_CHESSBOARD_SYNC_GROUP,
  CATALOG_SYNC_TOPICS,
  catalogChessboardSyncConsumer
};
//# sourceMappingURL=catalog-chessboard-sync.consumer.js.map
