import type { Viewer } from "../../platform/auth/viewer.js";
import type { Db } from "../../platform/db/prisma-client.js";
import {
  countUnread,
  type InboxPage,
  loadInboxAfter,
  loadInboxPage,
  newestNotificationId,
} from "./inbox/inbox.reads.js";
import { inboxOwnerOf } from "./inbox/inbox-owner.js";
import type { InboxNotification } from "./inbox/notification.js";

/**
 * The notifications read path: the viewer's inbox (their own notifications, plus their developer's
 * when they manage one, minus those they caused), pages on the id (decision 0127), unread count,
 * what a reconnecting subscriber missed. Resolvers call these and never Prisma.
 */
export function createNotificationsReads(db: Db) {
  return {
    page: (
      viewer: Viewer,
      window: { first: number; after: bigint | null; unreadOnly: boolean },
    ): Promise<InboxPage> => loadInboxPage(db, inboxOwnerOf(viewer), window),
    unreadCount: (viewer: Viewer): Promise<number> => countUnread(db, inboxOwnerOf(viewer)),
    after: (viewer: Viewer, after: bigint, limit: number): Promise<InboxNotification[]> =>
      loadInboxAfter(db, inboxOwnerOf(viewer), after, limit),
    newestId: (): Promise<bigint> => newestNotificationId(db),
  };
}

export type NotificationsReads = ReturnType<typeof createNotificationsReads>;
