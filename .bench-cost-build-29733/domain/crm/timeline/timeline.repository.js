import { Prisma } from "../../../generated/prisma/client.js";
async function insertTimeline(tx, entries) {
  if (entries.length === 0) return;
  await tx.$executeRaw(timelineInsert(entries));
}
function timelineInsert(entries, onlyIf = Prisma.sql`true`) {
  const rows = entries.map((e, ord) => ({
    ord,
    deal_id: e.dealId,
    booking_id: e.bookingId,
    entity: e.entity,
    action: e.action,
    from_status: e.fromStatus,
    to_status: e.toStatus,
    actor_user_id: e.actorUserId,
    reason: e.reason,
    at: e.at
  }));
  return Prisma.sql`
    INSERT INTO crm.timeline_entries (deal_id, booking_id, entity, action, from_status, to_status, actor_user_id,
                                      reason, at)
    SELECT v.deal_id, v.booking_id, v.entity, v.action, v.from_status, v.to_status, v.actor_user_id, v.reason, v.at
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS v(ord int, deal_id uuid, booking_id uuid, entity text, action text, from_status text, to_status text,
             actor_user_id text, reason text, at timestamptz)
     WHERE ${onlyIf}
     ORDER BY v.ord`;
}
export {
  insertTimeline,
  timelineInsert
};
//# sourceMappingURL=timeline.repository.js.map
