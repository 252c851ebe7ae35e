import { Prisma } from "../../../generated/prisma/client.js";
import type { Db } from "../../../platform/db/prisma-client.js";
import type { InboxOwner } from "./inbox-owner.js";
import { type InboxNotification, NOTIFICATION_COLUMNS } from "./notification.js";

/**
 * The reads of the notifications context: the owner's inbox (visibility), newest-first keyset
 * pages on the id, unread count, what a reconnecting subscriber missed.
 */
export function visibleTo(owner: InboxOwner): Prisma.Sql {
  const own = Prisma.sql`(n.recipient_kind = 'User' AND n.recipient_id = ${owner.userId})`;
  if (!owner.developerTenantId) return own;
  return Prisma.sql`(${own} OR (n.recipient_kind = 'Developer' AND n.recipient_id = ${owner.developerTenantId}
                          AND n.excluded_user_id IS DISTINCT FROM ${owner.userId}))`;
}

export function unread(owner: InboxOwner): Prisma.Sql {
  return Prisma.sql`NOT EXISTS (SELECT 1 FROM notifications.reads r
                                 WHERE r.user_id = ${owner.userId} AND r.notification_id = n.id)`;
}

type Row = Omit<InboxNotification, "read"> & { read: boolean };

const READ_FLAG = (owner: InboxOwner) => Prisma.sql`EXISTS (SELECT 1 FROM notifications.reads r
                                 WHERE r.user_id = ${owner.userId} AND r.notification_id = n.id) AS read`;

export interface InboxPage {
  readonly items: readonly InboxNotification[];
  readonly hasNextPage: boolean;
}

/** Newest first; `after` is the id of the last item of the previous page. */
export async function loadInboxPage(
  db: Db,
  owner: InboxOwner,
  window: { first: number; after: bigint | null; unreadOnly: boolean },
): Promise<InboxPage> {
  const rows = await db.$queryRaw<Row[]>`
    SELECT ${NOTIFICATION_COLUMNS}, ${READ_FLAG(owner)}
      FROM notifications.notifications n
     WHERE ${visibleTo(owner)}
       AND (${window.after}::bigint IS NULL OR n.id < ${window.after}::bigint)
       AND (${!window.unreadOnly} OR ${unread(owner)})
     ORDER BY n.id DESC LIMIT ${window.first + 1}`;
  return { items: rows.slice(0, window.first), hasNextPage: rows.length > window.first };
}

export async function countUnread(db: Db, owner: InboxOwner): Promise<number> {
  const [row] = await db.$queryRaw<Array<{ n: bigint }>>`
    SELECT count(*) AS n FROM notifications.notifications n WHERE ${visibleTo(owner)} AND ${unread(owner)}`;
  return Number(row?.n ?? 0);
}

/** What a subscriber missed: the owner's notifications after `after`, oldest first, at most `limit`. */
export async function loadInboxAfter(
  db: Db,
  owner: InboxOwner,
  after: bigint,
  limit: number,
): Promise<InboxNotification[]> {
  return db.$queryRaw<Row[]>`
    SELECT ${NOTIFICATION_COLUMNS}, ${READ_FLAG(owner)}
      FROM notifications.notifications n
     WHERE ${visibleTo(owner)} AND n.id > ${after}
     ORDER BY n.id LIMIT ${limit}`;
}

/** The newest notification id (0 when none): where a subscription without a resume id starts. */
export async function newestNotificationId(db: Db): Promise<bigint> {
  const [row] = await db.$queryRaw<
    Array<{ id: bigint | null }>
  >`SELECT max(id) AS id FROM notifications.notifications`;
  return row?.id ?? 0n;
}
