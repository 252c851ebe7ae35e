import { NOTIFICATIONS_EVENT_KEY } from "../../../contracts/notifications-events.js";
import type { Clock } from "../../../platform/clock/clock.js";
import type { RawTx } from "../../../platform/db/raw-tx.js";
import { enqueue } from "../../../platform/events/outbox/enqueue.js";
import { TOPIC } from "../../../platform/events/topics.js";
import type { NotificationDraft } from "../notification.decide.js";
import { type InboxNotification, NOTIFICATION_COLUMNS, notificationToEvent } from "./notification.js";

/** Arbitrary constant: the advisory lock every notification writer takes (decision 0124). */
const NOTIFICATION_WRITERS_LOCK = 0x50494e0c;

/**
 * Writes the notifications of one source event and their notification-added events, in the
 * caller's transaction. Writers take one transaction-scoped advisory lock first, so notification
 * ids are assigned in commit order: a subscriber that resumes after id X misses nothing. That
 * serialises notification writes — a few per booking transition, thousands a day at the spec's
 * 1–10k active bookings, so the lock is held for milliseconds and never contended in practice.
 * Idempotent by (source event, recipient): a redelivery past the dedup window adds nothing.
 */
export async function addNotifications(
  tx: RawTx,
  drafts: readonly NotificationDraft[],
  meta: { clock: Clock; sourceMessageId: string; correlationId?: string },
): Promise<InboxNotification[]> {
  if (drafts.length === 0) return [];
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${NOTIFICATION_WRITERS_LOCK})`;
  const now = meta.clock.now();
  const added: InboxNotification[] = [];
  for (const draft of drafts) {
    const [recipientId, excluded] =
      draft.recipient.kind === "User"
        ? [draft.recipient.userId, null]
        : [draft.recipient.tenantId, draft.recipient.excludedUserId];
    const [row] = await tx.$queryRaw<Array<Omit<InboxNotification, "read">>>`
      INSERT INTO notifications.notifications AS n
             (recipient_kind, recipient_id, excluded_user_id, kind, title, deal_id, booking_id, lot_id,
              saved_search_id, source_message_id, created_at)
      VALUES (${draft.recipient.kind}, ${recipientId}, ${excluded}, ${draft.kind}, ${draft.title},
              ${draft.dealId}::uuid, ${draft.bookingId}::uuid, ${draft.lotId ?? null}::uuid,
              ${draft.savedSearchId ?? null}::uuid, ${meta.sourceMessageId}::uuid, ${now})
      ON CONFLICT (source_message_id, recipient_kind, recipient_id) DO NOTHING
      RETURNING ${NOTIFICATION_COLUMNS}`;
    if (!row) continue;
    const notification: InboxNotification = { ...row, read: false };
    added.push(notification);
    await enqueue(
      tx,
      {
        topic: TOPIC.notificationAdded,
        key: NOTIFICATIONS_EVENT_KEY,
        aggregateType: "Notification",
        payload: notificationToEvent(notification),
        causationId: meta.sourceMessageId,
        ...(meta.correlationId ? { correlationId: meta.correlationId } : {}),
      },
      meta.clock,
    );
  }
  return added;
}
