import type { Settings } from "../platform/config/settings.js";
import type { BatchSettings } from "../platform/events/consumer/definition-options.js";

/**
 * The batch of a projection consumer (storefront sync, chat cards, booking notifications and their
 * delivery): its fetch gathers up to PIN_PROJECTION_FLUSH_MS before the batch (decision 0636).
 */
export function projectionBatch(
  settings: Pick<Settings, "consumerBatchSize" | "projectionFlushMs">,
): BatchSettings {
  return { maxMessages: settings.consumerBatchSize, flushMs: settings.projectionFlushMs };
}
