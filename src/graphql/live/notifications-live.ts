import type { NotificationAddedV1 } from "../../contracts/notifications-events.js";
import { recipientKey } from "../../domain/notifications/inbox/inbox-owner.js";
import {
  type InboxNotification,
  notificationFromEvent,
} from "../../domain/notifications/inbox/notification.js";
import { NOTIFICATIONS_ERROR } from "../../domain/notifications/notifications.errors.js";
import type { EventPlatform, Runner } from "../../platform/events/event-platform.js";
import { TOPIC } from "../../platform/events/topics.js";
import type { Logger } from "../../platform/log/logger.js";
import { counter, gauge, type Registry } from "../../platform/metrics/registry.js";
import { createResumableHub, type ResumableHub } from "./resumable-hub.js";

export const NOTIFICATIONS_LIVE_MAX_QUEUE = 1_000;
export const NOTIFICATIONS_LIVE_BROADCAST_NAME = "notifications-live";

export class NotificationsLiveOverflowError extends Error {
  readonly code = NOTIFICATIONS_ERROR.liveOverflow;
  constructor() {
    super("The subscriber fell too far behind; resubscribe with the last notification id you saw");
  }
}

/** Live inboxes of one API instance: a hub keyed by recipient (User:<id>, Developer:<tenant>). */
export function createNotificationsLive(deps: { platform: EventPlatform; log: Logger; metrics: Registry }): {
  hub: ResumableHub<InboxNotification>;
  runner: Runner;
} {
  const subscribers = gauge(
    deps.metrics,
    "notifications_live_subscribers",
    "Open notificationAdded subscriptions",
  );
  const fanned = counter(
    deps.metrics,
    "notifications_live_delivered_total",
    "Notifications delivered to subscribers",
  );
  const hub = createResumableHub<InboxNotification>({
    maxQueue: NOTIFICATIONS_LIVE_MAX_QUEUE,
    overflowError: () => new NotificationsLiveOverflowError(),
    onCountChange: (n) => subscribers.set(n),
  });
  const runner = deps.platform.runBroadcast({
    name: NOTIFICATIONS_LIVE_BROADCAST_NAME,
    topics: [TOPIC.notificationAdded],
    onEvent: (envelope) => {
      if (envelope.topic !== TOPIC.notificationAdded) return;
      const n = notificationFromEvent(envelope.payload as NotificationAddedV1);
      const delivered = hub.publish(recipientKey(n.recipientKind, n.recipientId), n);
      if (delivered > 0) fanned.inc(delivered);
    },
  });
  return { hub, runner };
}
