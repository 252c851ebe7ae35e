import type { CrmEvent } from "../../../contracts/crm-booking-events.js";
import { Prisma } from "../../../generated/prisma/client.js";
import type { Clock } from "../../../platform/clock/clock.js";
import type { Db, Tx } from "../../../platform/db/prisma-client.js";
import { outboxInsert } from "../../../platform/events/outbox/enqueue.js";
import { CRM_ERROR, crmErrors } from "../crm.errors.js";
import { dealVersionedUpdate } from "../deal/deal.repository.js";
import type { Deal } from "../deal/deal.types.js";
import { timelineInsert } from "../timeline/timeline.repository.js";
import type { TimelineDraft } from "../timeline/timeline.types.js";
import { type CausationMeta, outgoing } from "./booking.outbox.js";
import { bookingColumns, bookingFromRow } from "./booking.rows.js";
import type { Booking } from "./booking.types.js";

/** The Booking aggregate's reads and writes (one booking at a time; batches: booking-batch.writer.ts). */
export async function findBooking(tx: Tx, id: string): Promise<Booking | null> {
  const row = await tx.crmBooking.findUnique({ where: { id } });
  return row ? bookingFromRow(row) : null;
}

export async function findActiveBookingOfDeal(tx: Tx, dealId: string): Promise<Booking | null> {
  const row = await tx.crmBooking.findFirst({
    where: { dealId, status: { in: ["Reserved", "AwaitingPayment", "Booked"] } },
  });
  return row ? bookingFromRow(row) : null;
}

export interface CreatedBookingWrite {
  readonly booking: Booking;
  readonly dealId: string;
  /** The deal version the decision read; the write happens only if it is still current */
  readonly dealVersion: number;
  /** The deal's next state when the booking moves it, null when it stays as it is */
  readonly nextDeal: Deal | null;
  readonly timeline: readonly TimelineDraft[];
  readonly events: readonly CrmEvent[];
  readonly meta: CausationMeta;
}

/**
 * A new booking with all its effects in ONE autocommitted statement (data-modifying CTEs): the
 * deal update guarded by the version the decision read (or, when the deal does not move, a version
 * check holding a share lock), the booking insert, its timeline and outbox rows. Every insert
 * hangs off the deal gate, so a moved deal writes nothing and answers CRM_CONCURRENT_MODIFICATION.
 * The partial unique indexes stay the real guards under concurrency:
 * ux_bookings_active_property_object (INV-BKG-001) and ux_bookings_active_deal.
 */
export async function insertBookingWithEffects(
  db: Db | Tx,
  w: CreatedBookingWrite,
  clock: Clock,
): Promise<void> {
  const b = w.booking;
  const now = clock.now();
  const dealGate = w.nextDeal
    ? dealVersionedUpdate(w.dealVersion, w.nextDeal, now)
    : Prisma.sql`SELECT id FROM crm.deals WHERE id = ${w.dealId}::uuid AND version = ${w.dealVersion} FOR SHARE`;
  const inserted = Prisma.sql`EXISTS (SELECT 1 FROM inserted)`;
  const outbox = outboxInsert(
    w.events.map((event) => outgoing(event, w.meta)),
    clock,
    inserted,
  );
  try {
    const [row] = await db.$queryRaw<Array<{ n: number }>>`
      WITH deal_gate AS (${dealGate}),
      inserted AS (
        INSERT INTO crm.bookings (id, deal_id, property_object_id, tenant_id, status, initiated_by,
                                  initiated_by_user_id, reserve_duration_minutes, booking_duration_hours, is_paid,
                                  reserve_expires_at, booking_expires_at, payment_status, contract_file_id,
                                  receipt_file_id, requisite_set_id, cancel_reason, created_at, confirmed_at,
                                  ended_at, updated_at, version)
        SELECT ${b.id}::uuid, ${b.dealId}::uuid, ${b.propertyObjectId}::uuid, ${b.tenantId}::uuid, ${b.status}::text,
               ${b.initiatedBy}::text, ${b.initiatedByUserId}::text, ${b.terms.reserveDurationMinutes}::int,
               ${b.terms.bookingDurationHours}::int, ${b.terms.isPaid}::boolean, ${b.reserveExpiresAt}::timestamptz,
               ${b.bookingExpiresAt}::timestamptz, ${b.paymentStatus}::text, ${b.contractFileId}::text,
               ${b.receiptFileId}::text, ${b.requisiteSetId}::text, ${b.cancelReason}::text, ${b.createdAt}::timestamptz,
               ${b.confirmedAt}::timestamptz, ${b.endedAt}::timestamptz, ${b.createdAt}::timestamptz, ${b.version}::int
          FROM deal_gate
        RETURNING id),
      timeline AS (${timelineInsert(w.timeline, inserted)}),
      outbox AS (${outbox.sql})
      SELECT count(*)::int AS n FROM inserted`;
    if (!row || row.n === 0) throw crmErrors.concurrent("Deal", w.dealId);
  } catch (error) {
    throw mapUniqueViolation(error, b) ?? error;
  }
}

function mapUniqueViolation(error: unknown, b: Booking) {
  const text = errorText(error);
  if (text.includes("ux_bookings_active_property_object") || /property_object_id/.test(text)) {
    return crmErrors.conflict(
      CRM_ERROR.propertyObjectBusy,
      `Property object ${b.propertyObjectId} already has an active booking`,
      { propertyObjectId: b.propertyObjectId },
    );
  }
  if (text.includes("ux_bookings_active_deal") || /deal_id/.test(text)) {
    return crmErrors.conflict(
      CRM_ERROR.dealHasActiveBooking,
      `Deal ${b.dealId} already has an active booking`,
      {
        dealId: b.dealId,
      },
    );
  }
  return null;
}

/** Prisma wraps the pg error; the constraint name sits in the message or in meta. */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const meta = (error as { meta?: unknown }).meta;
  return `${error.message} ${meta ? JSON.stringify(meta) : ""}`;
}

/** Optimistic update: exactly one writer of version N wins; the loser gets CRM_CONCURRENT_MODIFICATION. */
export async function updateBookingVersioned(tx: Tx, previousVersion: number, next: Booking, now: Date) {
  const { count } = await tx.crmBooking.updateMany({
    where: { id: next.id, version: previousVersion },
    data: bookingColumns(next, now),
  });
  if (count === 0) throw crmErrors.concurrent("Booking", next.id);
}
