import { Prisma } from "../../../generated/prisma/client.js";
import { statementsOf } from "../../../platform/db/sql-statements.js";
import { outboxInsert } from "../../../platform/events/outbox/enqueue.js";
import { CRM_ERROR, crmErrors } from "../crm.errors.js";
import { dealVersionedUpdate } from "../deal/deal.repository.js";
import { timelineInsert } from "../timeline/timeline.repository.js";
import { outgoing } from "./booking.outbox.js";
import { bookingInsertFrom, bookingVersionedUpdate } from "./booking.repository.js";
async function writeBookingDecision(runner, w, clock) {
  const now = clock.now();
  const creating = w.previousVersion === null;
  const dealWrite = w.nextDeal ? dealVersionedUpdate(w.deal.version, w.nextDeal, now) : creating ? Prisma.sql`SELECT id FROM crm.deals WHERE id = ${w.deal.id}::uuid AND version = ${w.deal.version} FOR SHARE` : Prisma.sql`SELECT NULL::uuid AS id WHERE false`;
  const bookingWrite = w.previousVersion === null ? bookingInsertFrom(w.booking, Prisma.sql`deal_write`) : bookingVersionedUpdate(w.previousVersion, w.booking, now);
  const written = Prisma.sql`EXISTS (SELECT 1 FROM booking_write)`;
  const statements = statementsOf(runner);
  const outbox = outboxInsert(
    w.events.map((event) => outgoing(event, w.meta)),
    clock,
    written,
    statements.commitSignal
  );
  try {
    const [row] = await statements.rows(Prisma.sql`
      WITH deal_write AS (${dealWrite}),
      booking_write AS (${bookingWrite}),
      timeline AS (${timelineInsert(w.timeline, written)}),
      outbox AS (${outbox.sql})
      SELECT (SELECT count(*)::int FROM booking_write) AS bookings, (SELECT count(*)::int FROM deal_write) AS deals`);
    if (!row || row.bookings === 0) {
      throw creating ? crmErrors.concurrent("Deal", w.deal.id) : crmErrors.concurrent("Booking", w.booking.id);
    }
    if (w.nextDeal && row.deals === 0) throw crmErrors.concurrent("Deal", w.deal.id);
  } catch (error) {
    throw (creating ? mapUniqueViolation(error, w.booking) : null) ?? error;
  }
}
function mapUniqueViolation(error, b) {
  const text = errorText(error);
  if (text.includes("ux_bookings_active_property_object") || /property_object_id/.test(text)) {
    return crmErrors.conflict(
      CRM_ERROR.propertyObjectBusy,
      `Property object ${b.propertyObjectId} already has an active booking`,
      { propertyObjectId: b.propertyObjectId }
    );
  }
  if (text.includes("ux_bookings_active_deal") || /deal_id/.test(text)) {
    return crmErrors.conflict(
      CRM_ERROR.dealHasActiveBooking,
      `Deal ${b.dealId} already has an active booking`,
      {
        dealId: b.dealId
      }
    );
  }
  return null;
}
function errorText(error) {
  if (!(error instanceof Error)) return String(error);
  const { meta, constraint } = error;
  return `${error.message} ${meta ? JSON.stringify(meta) : ""} ${typeof constraint === "string" ? constraint : ""}`;
}
export {
  writeBookingDecision
};
//# sourceMappingURL=booking-decision.writer.js.map
