import type { NotificationAddedV1 } from "../../../contracts/notifications-events.js";
import { Prisma } from "../../../generated/prisma/client.js";
import type { NotificationKind, RecipientKind } from "../notification.decide.js";

/** One inbox entry. `read` is the viewer's own read mark. */
export interface InboxNotification {
  /** Increasing in commit order (decision 0124) */
  readonly id: bigint;
  readonly recipientKind: RecipientKind;
  readonly recipientId: string;
  readonly excludedUserId: string | null;
  readonly kind: NotificationKind;
  readonly title: string;
  readonly dealId: string | null;
  readonly bookingId: string | null;
  readonly lotId: string | null;
  readonly savedSearchId: string | null;
  readonly createdAt: Date;
  readonly read: boolean;
}

export const NOTIFICATION_COLUMNS = Prisma.sql`
  n.id, n.recipient_kind AS "recipientKind", n.recipient_id AS "recipientId",
  n.excluded_user_id AS "excludedUserId", n.kind, n.title, n.deal_id::text AS "dealId",
  n.booking_id::text AS "bookingId", n.lot_id::text AS "lotId", n.saved_search_id::text AS "savedSearchId",
  n.created_at AS "createdAt"`;

export function notificationToEvent(n: InboxNotification): NotificationAddedV1 {
  return {
    NotificationId: n.id.toString(),
    RecipientKind: n.recipientKind,
    RecipientId: n.recipientId,
    ExcludedUserId: n.excludedUserId,
    Kind: n.kind,
    Title: n.title,
    DealId: n.dealId,
    BookingId: n.bookingId,
    ...(n.lotId ? { LotId: n.lotId } : {}),
    ...(n.savedSearchId ? { SavedSearchId: n.savedSearchId } : {}),
    CreatedAt: n.createdAt.toISOString(),
  };
}

export function notificationFromEvent(e: NotificationAddedV1): InboxNotification {
  return {
    id: BigInt(e.NotificationId),
    recipientKind: e.RecipientKind,
    recipientId: e.RecipientId,
    excludedUserId: e.ExcludedUserId,
    kind: e.Kind,
    title: e.Title,
    dealId: e.DealId,
    bookingId: e.BookingId,
    lotId: e.LotId ?? null,
    savedSearchId: e.SavedSearchId ?? null,
    createdAt: new Date(e.CreatedAt),
    read: false,
  };
}
