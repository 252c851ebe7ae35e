import { Prisma } from "../../../generated/prisma/client.js";
import { unread, visibleTo } from "./inbox.reads.js";
async function markInboxRead(db, owner, which, now) {
  const selection = "ids" in which ? Prisma.sql`n.id = ANY(${which.ids.map(String)}::bigint[])` : Prisma.sql`TRUE`;
  return db.$executeRaw`
    INSERT INTO notifications.reads (user_id, notification_id, read_at)
    SELECT ${owner.userId}, n.id, ${now}
      FROM notifications.notifications n
     WHERE ${visibleTo(owner)} AND ${selection} AND ${unread(owner)}
    ON CONFLICT (user_id, notification_id) DO NOTHING`;
}
export {
  markInboxRead
};
//# sourceMappingURL=mark-inbox-read.js.map
