import { Prisma } from "../../../generated/prisma/client.js";
import { NOTIFICATION_COLUMNS } from "./notification.js";
function visibleTo(owner) {
  const own = Prisma.sql`(n.recipient_kind = 'User' AND n.recipient_id = ${owner.userId})`;
  if (!owner.developerTenantId) return own;
  return Prisma.sql`(${own} OR (n.recipient_kind = 'Developer' AND n.recipient_id = ${owner.developerTenantId}
                          AND n.excluded_user_id IS DISTINCT FROM ${owner.userId}))`;
}
function unread(owner) {
  return Prisma.sql`NOT EXISTS (SELECT 1 FROM notifications.reads r
                                 WHERE r.user_id = ${owner.userId} AND r.notification_id = n.id)`;
}
const READ_FLAG = (owner) => Prisma.sql`EXISTS (SELECT 1 FROM notifications.reads r
                                 WHERE r.user_id = ${owner.userId} AND r.notification_id = n.id) AS read`;
async function loadInboxPage(db, owner, window) {
  const rows = await db.$queryRaw`
    SELECT ${NOTIFICATION_COLUMNS}, ${READ_FLAG(owner)}
      FROM notifications.notifications n
     WHERE ${visibleTo(owner)}
       AND (${window.after}::bigint IS NULL OR n.id < ${window.after}::bigint)
       AND (${!window.unreadOnly} OR ${unread(owner)})
     ORDER BY n.id DESC LIMIT ${window.first + 1}`;
  return { items: rows.slice(0, window.first), hasNextPage: rows.length > window.first };
}
async function countUnread(db, owner) {
  const [row] = await db.$queryRaw`
    SELECT count(*) AS n FROM notifications.notifications n WHERE ${visibleTo(owner)} AND ${unread(owner)}`;
  return Number(row?.n ?? 0);
}
async function loadInboxAfter(db, owner, after, limit) {
  return db.$queryRaw`
    SELECT ${NOTIFICATION_COLUMNS}, ${READ_FLAG(owner)}
      FROM notifications.notifications n
     WHERE ${visibleTo(owner)} AND n.id > ${after}
     ORDER BY n.id LIMIT ${limit}`;
}
async function newestNotificationId(db) {
  const [row] = await db.$queryRaw`SELECT max(id) AS id FROM notifications.notifications`;
  return row?.id ?? 0n;
}
export {
  countUnread,
  loadInboxAfter,
  loadInboxPage,
  newestNotificationId,
  unread,
  visibleTo
};
//# sourceMappingURL=inbox.reads.js.map
