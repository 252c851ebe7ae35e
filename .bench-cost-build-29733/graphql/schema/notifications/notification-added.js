import { inboxKeysOf, inboxOwnerOf, isInInbox } from "../../../domain/notifications/inbox/inbox-owner.js";
import { NOTIFICATIONS_ERROR } from "../../../domain/notifications/notifications.errors.js";
import { notificationIdOf } from "../../../domain/notifications/notifications-input.js";
import { requireViewer } from "../../../platform/auth/viewer.js";
import { IllegalStateError } from "../../../platform/errors/domain-error.js";
import { builder } from "../../builder.js";
import { NOTIFICATIONS_LIVE_MAX_QUEUE } from "../../live/notifications-live.js";
import { NotificationRef } from "./notification-types.js";
builder.subscriptionField(
  "notificationAdded",
  (t) => t.field({
    type: NotificationRef,
    description: `Notifications entering your inbox, over graphql-ws or SSE. Pass the id of the last notification you saw as afterId: what you missed comes first, then live ones, each once and in order. More than ${NOTIFICATIONS_LIVE_MAX_QUEUE} missed: NOTIFICATIONS_RESUME_TOO_FAR (page with notifications). Errors: NOTIFICATIONS_INVALID_ID, NOTIFICATIONS_LIVE_OVERFLOW.`,
    authScopes: { authenticated: true },
    args: { afterId: t.arg.string({ required: false }) },
    subscribe: (_root, args, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      const owner = inboxOwnerOf(viewer);
      const hub = ctx.deps.live.notifications;
      const reads = ctx.deps.services.notifications.reads;
      if (!hub)
        throw new IllegalStateError(
          NOTIFICATIONS_ERROR.liveUnavailable,
          "Live notifications are not enabled here"
        );
      const after = args.afterId ? notificationIdOf(String(args.afterId), "afterId") : null;
      const subscription = hub.subscribe(
        inboxKeysOf(owner),
        (n) => isInInbox(owner, { kind: n.recipientKind, id: n.recipientId, excludedUserId: n.excludedUserId })
      );
      const backlog = after === null ? reads.newestId().then((newest) => ({ missed: [], floor: newest })) : reads.after(viewer, after, NOTIFICATIONS_LIVE_MAX_QUEUE + 1).then((missed) => ({
        missed,
        floor: after
      }));
      backlog.then(
        ({ missed, floor }) => missed.length > NOTIFICATIONS_LIVE_MAX_QUEUE ? subscription.close(
          new IllegalStateError(
            NOTIFICATIONS_ERROR.resumeTooFar,
            "Too many missed notifications; page them"
          )
        ) : subscription.open(missed, floor),
        (error) => subscription.close(error instanceof Error ? error : new Error(String(error)))
      );
      return subscription;
    },
    resolve: (n) => n
  })
);
//# sourceMappingURL=notification-added.js.map
