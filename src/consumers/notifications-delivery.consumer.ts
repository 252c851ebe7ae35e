import type { NotificationAddedV1, NotificationsEventByTopic } from "../contracts/notifications-events.js";
import { notificationAddedReader } from "../contracts/readers/notifications-delivery.readers.js";
import {
  createLoggingChannel,
  type NotificationChannel,
} from "../domain/notifications/delivery/notification-channel.js";
import { notificationFromEvent } from "../domain/notifications/inbox/notification.js";
import {
  type ConsumerDefinition,
  defineConsumer,
  type HandlerContext,
} from "../platform/events/consumer/definition.js";
import { TOPIC } from "../platform/events/topics.js";
import type { Logger } from "../platform/log/logger.js";
import { counter, type Registry } from "../platform/metrics/registry.js";

export const NOTIFICATIONS_DELIVERY_GROUP = "pin-notifications-delivery";

/**
 * notification-added → the delivery channels beyond the inbox (the port; one logging channel).
 * A consumer of its own so a failing channel is retried and dead-lettered by the platform without
 * holding back the inbox; dedup by MessageId keeps one delivery per notification.
 */
export function notificationsDeliveryConsumer(
  deps: { readonly log: Logger; readonly metrics: Registry },
  channels: readonly NotificationChannel[] = [createLoggingChannel(deps.log)],
): ConsumerDefinition<NotificationsEventByTopic> {
  const delivered = counter(
    deps.metrics,
    "notifications_delivered_total",
    "Notifications handed to a channel",
    ["channel", "kind"],
  );
  return defineConsumer<NotificationsEventByTopic>({
    group: NOTIFICATIONS_DELIVERY_GROUP,
    expectedContractVersion: 1,
    readers: { [TOPIC.notificationAdded]: notificationAddedReader },
    handlers: {
      [TOPIC.notificationAdded]: async (p: NotificationAddedV1, _ctx: HandlerContext) => {
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
