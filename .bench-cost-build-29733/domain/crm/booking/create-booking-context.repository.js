import { Prisma } from "../../../generated/prisma/client.js";
import { statementsOf } from "../../../platform/db/sql-statements.js";
import { DEAL_COLUMNS, dealFromColumns } from "./booking.rows.js";
import { ACTIVE_BOOKING_STATUSES } from "./booking.types.js";
async function loadCreateBookingContext(db, dealId, propertyObjectId, programId) {
  const [row] = await statementsOf(db).rows(Prisma.sql`
    SELECT ${DEAL_COLUMNS},
           a.id::text AS "activeBookingId",
           po.id::text AS "poId", po.tenant_id::text AS "poTenantId", po.status AS "poStatus",
           po.version AS "poVersion", hb.status AS "poHoldBookingStatus",
           p.reserve_duration_minutes AS "programReserveMinutes", p.booking_duration_hours AS "programBookingHours",
           p.is_paid AS "programIsPaid"
      FROM crm.deals d
      LEFT JOIN crm.property_objects po ON po.id = ${propertyObjectId}::uuid
      LEFT JOIN crm.bookings hb ON hb.id = po.hold_booking_id
      LEFT JOIN LATERAL (
        SELECT b.id FROM crm.bookings b
         WHERE b.deal_id = d.id AND b.status = ANY(${[...ACTIVE_BOOKING_STATUSES]}::text[])
         LIMIT 1) a ON true
      LEFT JOIN LATERAL (
        SELECT bp.reserve_duration_minutes, bp.booking_duration_hours, bp.is_paid
          FROM crm.booking_programs bp
         WHERE bp.tenant_id = d.tenant_id
           AND CASE WHEN ${programId}::uuid IS NULL THEN bp.is_default ELSE bp.id = ${programId}::uuid END
         LIMIT 1) p ON true
     WHERE d.id = ${dealId}::uuid`);
  if (!row) return null;
  return {
    deal: dealFromColumns(row),
    activeBookingId: row.activeBookingId,
    propertyObject: row.poId && row.poTenantId && row.poStatus && row.poVersion !== null ? {
      id: row.poId,
      tenantId: row.poTenantId,
      status: row.poStatus,
      version: row.poVersion,
      holdBookingStatus: row.poHoldBookingStatus
    } : null,
    program: row.programReserveMinutes !== null && row.programBookingHours !== null && row.programIsPaid !== null ? {
      reserveDurationMinutes: row.programReserveMinutes,
      bookingDurationHours: row.programBookingHours,
      isPaid: row.programIsPaid
    } : null
  };
}
export {
  loadCreateBookingContext
};
//# sourceMappingURL=create-booking-context.repository.js.map
