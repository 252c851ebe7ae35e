import { outboxInsert } from "../../../platform/events/outbox/enqueue.js";
import { versionedUpdateMany } from "../command/versioned-columns.js";
import { crmErrors } from "../crm.errors.js";
import { DEAL_TABLE } from "../deal/deal.columns.js";
import { timelineInsert } from "../timeline/timeline.repository.js";
import { BOOKING_TABLE } from "./booking.columns.js";
import { outgoing } from "./booking.outbox.js";
async function writeBatchVersioned(tx, batch, meta, clock, now) {
  const outbox = outboxInsert(
    batch.events.map((event) => outgoing(event, meta)),
    clock
  );
  const [row] = await tx.$queryRaw`
    WITH bu AS (${versionedUpdateMany(BOOKING_TABLE, batch.bookings, now)}),
    du AS (${versionedUpdateMany(DEAL_TABLE, batch.deals, now)}),
    timeline AS (${timelineInsert(batch.timeline)}),
    outbox AS (${outbox.sql})
    SELECT (SELECT count(*)::int FROM bu) AS bookings, (SELECT count(*)::int FROM du) AS deals`;
  const bookings = row?.bookings ?? 0;
  const deals = row?.deals ?? 0;
  if (bookings !== batch.bookings.length || deals !== batch.deals.length) {
    throw crmErrors.concurrent(
      "Booking batch",
      `${batch.bookings.length - bookings} bookings, ${batch.deals.length - deals} deals moved`
    );
  }
}
export {
  writeBatchVersioned
};
//# sourceMappingURL=booking-batch.writer.js.map
