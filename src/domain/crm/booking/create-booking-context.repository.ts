import { Prisma } from "../../../generated/prisma/client.js";
import { type StatementsOrPrisma, statementsOf } from "../../../platform/db/sql-statements.js";
import type { Deal } from "../deal/deal.types.js";
import type { PropertyObjectReplica } from "../property-object-replica/property-object-replica.types.js";
import { DEAL_COLUMNS, type DealColumns, dealFromColumns } from "./booking.rows.js";
import { ACTIVE_BOOKING_STATUSES, type BookingStatus, type ProgramTerms } from "./booking.types.js";

/** Everything createBooking decides on, read in one statement (one consistent snapshot). */
export interface CreateBookingContext {
  readonly deal: Deal;
  /** An active booking of the deal, if any (at most one per deal) */
  readonly activeBookingId: string | null;
  /** crm's replica row of the property object; null when crm has not seen it */
  readonly propertyObject: PropertyObjectReplica | null;
  /** The named programme of the deal's developer, else its default one; null when none matched */
  readonly program: ProgramTerms | null;
}

interface ContextRow extends DealColumns {
  readonly activeBookingId: string | null;
  readonly poId: string | null;
  readonly poTenantId: string | null;
  readonly poStatus: string | null;
  readonly poVersion: number | null;
  readonly poHoldBookingStatus: string | null;
  readonly programReserveMinutes: number | null;
  readonly programBookingHours: number | null;
  readonly programIsPaid: boolean | null;
}

/**
 * The deal, its active booking, the property-object replica row and the booking programme in ONE
 * round trip (they were four Prisma queries). Nothing is locked: the write re-checks the deal
 * version and the partial unique indexes guard the active booking, as before. Null: no such deal.
 */
export async function loadCreateBookingContext(
  db: StatementsOrPrisma,
  dealId: string,
  propertyObjectId: string,
  programId: string | null,
): Promise<CreateBookingContext | null> {
  const [row] = await statementsOf(db).rows<ContextRow>(Prisma.sql`
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
    propertyObject:
      row.poId && row.poTenantId && row.poStatus && row.poVersion !== null
        ? {
            id: row.poId,
            tenantId: row.poTenantId,
            status: row.poStatus,
            version: row.poVersion,
            holdBookingStatus: row.poHoldBookingStatus as BookingStatus | null,
          }
        : null,
    program:
      row.programReserveMinutes !== null && row.programBookingHours !== null && row.programIsPaid !== null
        ? {
            reserveDurationMinutes: row.programReserveMinutes,
            bookingDurationHours: row.programBookingHours,
            isPaid: row.programIsPaid,
          }
        : null,
  };
}
