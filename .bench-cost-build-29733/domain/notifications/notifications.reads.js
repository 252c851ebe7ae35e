import {
  countUnread,
  loadInboxAfter,
  loadInboxPage,
  newestNotificationId
} from "./inbox/inbox.reads.js";
import { inboxOwnerOf } from "./inbox/inbox-owner.js";
function createNotificationsReads(db) {
  return {
    page: (viewer, window) => loadInboxPage(db, inboxOwnerOf(viewer), window),
    unreadCount: (viewer) => countUnread(db, inboxOwnerOf(viewer)),
    after: (viewer, after, limit) => loadInboxAfter(db, inboxOwnerOf(viewer), after, limit),
    newestId: () => newestNotificationId(db)
  };
}
export {
  createNotificationsReads
};
//# sourceMappingURL=notifications.reads.js.map
