import { Prisma } from "../../../generated/prisma/client.js";
import { statementsOf } from "../../../platform/db/sql-statements.js";
import { changeableInsert, versionedUpdate } from "../command/versioned-columns.js";
import { BOOKING_TABLE } from "./booking.columns.js";
import {
  BOOKING_COLUMNS,
  bookingFromRow,
  DEAL_COLUMNS,
  dealFromColumns
} from "./booking.rows.js";
async function findBooking(tx, id) {
  const row = await tx.crmBooking.findUnique({ where: { id } });
  return row ? bookingFromRow(row) : null;
}
async function findBookingWithDeal(db, id) {
  const [row] = await statementsOf(db).rows(Prisma.sql`
    SELECT ${BOOKING_COLUMNS}, ${DEAL_COLUMNS}
      FROM crm.bookings b JOIN crm.deals d ON d.id = b.deal_id
     WHERE b.id = ${id}::uuid`);
  return row ? { booking: bookingFromRow(row), deal: dealFromColumns(row) } : null;
}
async function findActiveBookingOfDeal(tx, dealId) {
  const row = await tx.crmBooking.findFirst({
    where: { dealId, status: { in: ["Reserved", "AwaitingPayment", "Booked"] } }
  });
  return row ? bookingFromRow(row) : null;
}
function bookingInsertFrom(b, gate) {
  const changeable = changeableInsert(BOOKING_TABLE, b);
  return Prisma.sql`
    INSERT INTO crm.bookings (id, deal_id, property_object_id, tenant_id, initiated_by, initiated_by_user_id,
                              reserve_duration_minutes, booking_duration_hours, is_paid, requisite_set_id,
                              created_at, updated_at, version, ${changeable.columns})
    SELECT ${b.id}::uuid, ${b.dealId}::uuid, ${b.propertyObjectId}::uuid, ${b.tenantId}::uuid,
           ${b.initiatedBy}::text, ${b.initiatedByUserId}::text, ${b.terms.reserveDurationMinutes}::int,
           ${b.terms.bookingDurationHours}::int, ${b.terms.isPaid}::boolean, ${b.requisiteSetId}::text,
           ${b.createdAt}::timestamptz, ${b.createdAt}::timestamptz, ${b.version}::int, ${changeable.values}
      FROM ${gate}
    RETURNING id`;
}
function bookingVersionedUpdate(previousVersion, b, now) {
  return versionedUpdate(BOOKING_TABLE, previousVersion, b, now);
}
export {
  bookingInsertFrom,
  bookingVersionedUpdate,
  findActiveBookingOfDeal,
  findBooking,
  findBookingWithDeal
};
//# sourceMappingURL=booking.repository.js.map
