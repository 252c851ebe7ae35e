import type { NotificationAddedV1, NotificationsEventByTopic } from "../contracts/notifications-events.js";
import { notificationAddedReader } from "../contracts/readers/notifications-delivery.readers.js";
import {
  createLoggingChannel,
  type NotificationChannel,
} from "../domain/notifications/delivery/notification-channel.js";
import { notificationFromEvent } from "../domain/notifications/inbox/notification.js";
import type { Settings } from "../platform/config/settings.js";
import type { RawTx } from "../platform/db/raw-tx.js";
import {
  type ConsumerDefinition,
  defineConsumer,
  type HandlerContext,
  rawPgScope,
} from "../platform/events/consumer/definition.js";
import { TOPIC } from "../platform/events/topics.js";
import type { Logger } from "../platform/log/logger.js";
import { counter, type Registry } from "../platform/metrics/registry.js";
import { projectionBatch } from "./projection-batch.js";

export const NOTIFICATIONS_DELIVERY_GROUP = "pin-notifications-delivery";

/**
 * notification-added → the delivery channels beyond the inbox (the port; one logging channel).
 * A consumer of its own so a failing channel is retried and dead-lettered by the platform without
 * holding back the inbox; dedup by MessageId keeps one delivery per notification.
 */
export function notificationsDeliveryConsumer(
  deps: {
    readonly log: Logger;
    readonly metrics: Registry;
    readonly settings: Pick<Settings, "consumerBatchSize" | "projectionFlushMs">;
  },
  channels: readonly NotificationChannel[] = [createLoggingChannel(deps.log)],
): ConsumerDefinition<NotificationsEventByTopic, RawTx> {
  const delivered = counter(
    deps.metrics,
    "notifications_delivered_total",
    "Notifications handed to a channel",
    ["channel", "kind"],
  );
  return defineConsumer<NotificationsEventByTopic, RawTx>({
    group: NOTIFICATIONS_DELIVERY_GROUP,
    expectedContractVersion: 1,
    // The dedup mark stays (a channel is outside the transaction); the batch on the raw pg scope
    // (decision 0631), no Prisma interactive transaction for a handler that writes nothing
    scope: rawPgScope(),
    // A delivery may be a tenth of a second later: fetches gather (decision 0636)
    batch: projectionBatch(deps.settings),
    readers: { [TOPIC.notificationAdded]: notificationAddedReader },
    handlers: {
      [TOPIC.notificationAdded]: async (p: NotificationAddedV1, _ctx: HandlerContext<RawTx>) => {
        const notification = notificationFromEvent(p);
        for (const channel of channels) {
          await channel.deliver(notification);
          delivered.inc({ channel: channel.name, kind: notification.kind });
        }
        return "applied";
      },
    },
  });
}
