import type { Logger } from "../../../platform/log/logger.js";
import type { InboxNotification } from "../inbox/notification.js";

/**
 * The port for delivery beyond the in-app inbox (e-mail, push). A channel gets every notification
 * once per successful delivery attempt (at-least-once: the delivery consumer retries and
 * dead-letters); a real channel must be idempotent by notification id.
 */
export interface NotificationChannel {
  /** Stable name: metrics label and log field */
  readonly name: string;
  deliver(notification: InboxNotification): Promise<void>;
}

/**
 * The one implementation: logs what would be sent, at debug (a line per notification at info
 * floods the log on any burst — the demo's month of history hands it ~850 at start;
 * `notifications_delivered_total` is the signal at info level). Nothing leaves the process (no
 * e-mail or push provider is part of this system yet).
 */
export function createLoggingChannel(log: Logger): NotificationChannel {
  return {
    name: "log",
    async deliver(n) {
      log.debug(
        {
          channel: "log",
          notificationId: n.id.toString(),
          kind: n.kind,
          recipientKind: n.recipientKind,
          recipientId: n.recipientId,
          dealId: n.dealId,
          bookingId: n.bookingId,
        },
        `notification delivered: ${n.title}`,
      );
    },
  };
}
