import { Prisma } from "../../../generated/prisma/client.js";
import type { Db } from "../../../platform/db/prisma-client.js";
import { unread, visibleTo } from "./inbox.reads.js";
import type { InboxOwner } from "./inbox-owner.js";

/**
 * Marks notifications of the owner's inbox read: the given ids (others' ids are ignored), or every
 * unread one up to the newest existing now. Returns how many became read.
 */
export async function markInboxRead(
  db: Db,
  owner: InboxOwner,
  which: { ids: readonly bigint[] } | { all: true },
  now: Date,
): Promise<number> {
  const selection =
    "ids" in which ? Prisma.sql`n.id = ANY(${which.ids.map(String)}::bigint[])` : Prisma.sql`TRUE`;
  return db.$executeRaw`
    INSERT INTO notifications.reads (user_id, notification_id, read_at)
    SELECT ${owner.userId}, n.id, ${now}
      FROM notifications.notifications n
     WHERE ${visibleTo(owner)} AND ${selection} AND ${unread(owner)}
    ON CONFLICT (user_id, notification_id) DO NOTHING`;
}
