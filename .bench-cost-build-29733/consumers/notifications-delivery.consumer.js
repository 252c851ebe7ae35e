import { notificationAddedReader } from "../contracts/readers/notifications-delivery.readers.js";
import {
  createLoggingChannel
} from "../domain/notifications/delivery/notification-channel.js";
import { notificationFromEvent } from "../domain/notifications/inbox/notification.js";
import {
  defineConsumer
} from "../platform/events/consumer/definition.js";
import { TOPIC } from "../platform/events/topics.js";
import { counter } from "../platform/metrics/registry.js";
const NOTIFICATIONS_DELIVERY_GROUP = "pin-notifications-delivery";
function notificationsDeliveryConsumer(deps, channels = [createLoggingChannel(deps.log)]) {
  const delivered = counter(
    deps.metrics,
    "notifications_delivered_total",
    "Notifications handed to a channel",
    ["channel", "kind"]
  );
  return defineConsumer({
    group: NOTIFICATIONS_DELIVERY_GROUP,
    expectedContractVersion: 1,
    readers: { [TOPIC.notificationAdded]: notificationAddedReader },
    handlers: {
      [TOPIC.notificationAdded]: async (p, _ctx) => {
        const notification = notificationFromEvent(p);
        for (const channel of channels) {
          await channel.deliver(notification);
          delivered.inc({ channel: channel.name, kind: notification.kind });
        }
        return "applied";
      }
    }
  });
}
export {
  NOTIFICATIONS_DELIVERY_GROUP,
  notificationsDeliveryConsumer
};
//# sourceMappingURL=notifications-delivery.consumer.js.map
