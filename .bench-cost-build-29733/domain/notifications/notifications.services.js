import { countUnread } from "./inbox/inbox.reads.js";
import { inboxOwnerOf } from "./inbox/inbox-owner.js";
import { markInboxRead } from "./inbox/mark-inbox-read.js";
import { createNotificationsReads } from "./notifications.reads.js";
function createNotificationsServices(infra) {
  return {
    reads: createNotificationsReads(infra.db),
    commands: {
      async markRead(viewer, which) {
        const owner = inboxOwnerOf(viewer);
        const marked = await markInboxRead(infra.db, owner, which, infra.clock.now());
        return { marked, unreadCount: await countUnread(infra.db, owner) };
      }
    }
  };
}
export {
  createNotificationsServices
};
//# sourceMappingURL=notifications.services.js.map
