import { NOTIFICATIONS_EVENT_KEY } from "../../../contracts/notifications-events.js";
import { enqueue } from "../../../platform/events/outbox/enqueue.js";
import { TOPIC } from "../../../platform/events/topics.js";
import { NOTIFICATION_COLUMNS, notificationToEvent } from "./notification.js";
const NOTIFICATION_WRITERS_LOCK = 1346981388;
async function addNotifications(tx, drafts, meta) {
  if (drafts.length === 0) return [];
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${NOTIFICATION_WRITERS_LOCK})`;
  const now = meta.clock.now();
  const added = [];
  for (const draft of drafts) {
    const [recipientId, excluded] = draft.recipient.kind === "User" ? [draft.recipient.userId, null] : [draft.recipient.tenantId, draft.recipient.excludedUserId];
    const [row] = await tx.$queryRaw`
      INSERT INTO notifications.notifications AS n
             (recipient_kind, recipient_id, excluded_user_id, kind, title, deal_id, booking_id, lot_id,
              saved_search_id, source_message_id, created_at)
      VALUES (${draft.recipient.kind}, ${recipientId}, ${excluded}, ${draft.kind}, ${draft.title},
              ${draft.dealId}::uuid, ${draft.bookingId}::uuid, ${draft.lotId ?? null}::uuid,
              ${draft.savedSearchId ?? null}::uuid, ${meta.sourceMessageId}::uuid, ${now})
      ON CONFLICT (source_message_id, recipient_kind, recipient_id) DO NOTHING
      RETURNING ${NOTIFICATION_COLUMNS}`;
    if (!row) continue;
    const notification = { ...row, read: false };
    added.push(notification);
    await enqueue(
      tx,
      {
        topic: TOPIC.notificationAdded,
        key: NOTIFICATIONS_EVENT_KEY,
        aggregateType: "Notification",
        payload: notificationToEvent(notification),
        causationId: meta.sourceMessageId,
        ...meta.correlationId ? { correlationId: meta.correlationId } : {}
      },
      meta.clock
    );
  }
  return added;
}
export {
  addNotifications
};
//# sourceMappingURL=add-notifications.js.map
