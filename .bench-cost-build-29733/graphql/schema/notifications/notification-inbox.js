import {
  INBOX_PAGE_MAX,
  inboxPageSize,
  MARK_IDS_MAX,
  markSelection,
  notificationIdOf
} from "../../../domain/notifications/notifications-input.js";
import { requireViewer } from "../../../platform/auth/viewer.js";
import { builder } from "../../builder.js";
import { MarkNotificationsReadRef, NotificationPageRef } from "./notification-types.js";
builder.queryField(
  "notifications",
  (t) => t.field({
    type: NotificationPageRef,
    description: `Your inbox, newest first (page size 1\u2013${INBOX_PAGE_MAX}, default 20; after = endCursor of the previous page). Developer managers also see their developer's notifications. Errors: NOTIFICATIONS_INVALID_ID, NOTIFICATIONS_INVALID_PAGE.`,
    authScopes: { authenticated: true },
    errors: {},
    args: {
      unreadOnly: t.arg.boolean({ required: false }),
      first: t.arg.int({ required: false }),
      after: t.arg.string({ required: false })
    },
    resolve: (_root, args, ctx) => ctx.deps.services.notifications.reads.page(requireViewer(ctx.viewer), {
      first: inboxPageSize(args.first),
      after: args.after ? notificationIdOf(String(args.after), "after") : null,
      unreadOnly: args.unreadOnly ?? false
    })
  })
);
builder.queryField(
  "unreadNotificationCount",
  (t) => t.int({
    description: "How many notifications of your inbox you have not marked read.",
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => ctx.deps.services.notifications.reads.unreadCount(requireViewer(ctx.viewer))
  })
);
builder.mutationField(
  "markNotificationsRead",
  (t) => t.field({
    type: MarkNotificationsReadRef,
    description: `Mark notifications of your inbox read: ids (1\u2013${MARK_IDS_MAX}; ids not in your inbox are ignored) or all: true. Errors: NOTIFICATIONS_INVALID_MARK, NOTIFICATIONS_INVALID_ID.`,
    authScopes: { authenticated: true },
    errors: {},
    args: { ids: t.arg.stringList({ required: false }), all: t.arg.boolean({ required: false }) },
    resolve: (_root, args, ctx) => ctx.deps.services.notifications.commands.markRead(
      requireViewer(ctx.viewer),
      markSelection(args.ids?.map(String), args.all)
    )
  })
);
//# sourceMappingURL=notification-inbox.js.map
