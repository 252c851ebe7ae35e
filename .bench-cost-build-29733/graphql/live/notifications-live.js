import { recipientKey } from "../../domain/notifications/inbox/inbox-owner.js";
import {
  notificationFromEvent
} from "../../domain/notifications/inbox/notification.js";
import { NOTIFICATIONS_ERROR } from "../../domain/notifications/notifications.errors.js";
import { TOPIC } from "../../platform/events/topics.js";
import { counter, gauge } from "../../platform/metrics/registry.js";
import { createResumableHub } from "./resumable-hub.js";
const NOTIFICATIONS_LIVE_MAX_QUEUE = 1e3;
const NOTIFICATIONS_LIVE_BROADCAST_NAME = "notifications-live";
class NotificationsLiveOverflowError extends Error {
  code = NOTIFICATIONS_ERROR.liveOverflow;
  constructor() {
    super("The subscriber fell too far behind; resubscribe with the last notification id you saw");
  }
}
function createNotificationsLive(deps) {
  const subscribers = gauge(
    deps.metrics,
    "notifications_live_subscribers",
    "Open notificationAdded subscriptions"
  );
  const fanned = counter(
    deps.metrics,
    "notifications_live_delivered_total",
    "Notifications delivered to subscribers"
  );
  const hub = createResumableHub({
    maxQueue: NOTIFICATIONS_LIVE_MAX_QUEUE,
    overflowError: () => new NotificationsLiveOverflowError(),
    onCountChange: (n) => subscribers.set(n)
  });
  const runner = deps.platform.runBroadcast({
    name: NOTIFICATIONS_LIVE_BROADCAST_NAME,
    topics: [TOPIC.notificationAdded],
    onEvent: (envelope) => {
      if (envelope.topic !== TOPIC.notificationAdded) return;
      const n = notificationFromEvent(envelope.payload);
      const delivered = hub.publish(recipientKey(n.recipientKind, n.recipientId), n);
      if (delivered > 0) fanned.inc(delivered);
    }
  });
  return { hub, runner };
}
export {
  NOTIFICATIONS_LIVE_BROADCAST_NAME,
  NOTIFICATIONS_LIVE_MAX_QUEUE,
  NotificationsLiveOverflowError,
  createNotificationsLive
};
//# sourceMappingURL=notifications-live.js.map
