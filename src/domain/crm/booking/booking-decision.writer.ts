import type { CrmEvent } from "../../../contracts/crm-booking-events.js";
import { Prisma } from "../../../generated/prisma/client.js";
import type { Clock } from "../../../platform/clock/clock.js";
import { type StatementsOrPrisma, statementsOf } from "../../../platform/db/sql-statements.js";
import { outboxInsert } from "../../../platform/events/outbox/enqueue.js";
import { CRM_ERROR, crmErrors } from "../crm.errors.js";
import { dealVersionedUpdate } from "../deal/deal.repository.js";
import type { Deal } from "../deal/deal.types.js";
import { timelineInsert } from "../timeline/timeline.repository.js";
import type { TimelineDraft } from "../timeline/timeline.types.js";
import { type CausationMeta, outgoing } from "./booking.outbox.js";
import { bookingInsertFrom, bookingVersionedUpdate } from "./booking.repository.js";
import type { Booking } from "./booking.types.js";

export interface BookingDecisionWrite {
  /** The booking version the decision read; null for a new booking (CreateBooking) */
  readonly previousVersion: number | null;
  readonly booking: Booking;
  /** The deal as the decision read it (its version guards the deal write) */
  readonly deal: Deal;
  /** The deal's next state when the booking moves it, null when it stays as it is */
  readonly nextDeal: Deal | null;
  readonly timeline: readonly TimelineDraft[];
  readonly events: readonly CrmEvent[];
  readonly meta: CausationMeta;
}

/**
 * One booking decision as ONE statement of data-modifying CTEs (decision 0460): the booking row,
 * the deal following it, the timeline and outbox rows. The timeline and outbox rows hang off the
 * booking write (`EXISTS (SELECT 1 FROM booking)`), so they are written, and their outbox ids
 * taken, only after the booking row is locked and written.
 *
 * - A new booking (previousVersion null) needs no surrounding transaction: the deal is the gate —
 *   its version-guarded UPDATE, or a `FOR SHARE` version check when the deal does not move — and
 *   the booking INSERT selects from it, so a moved deal writes nothing (CRM_CONCURRENT_MODIFICATION).
 *   The partial unique indexes stay the real guards under concurrency: a busy object fails inside
 *   the statement (CRM_BOOKING_PROPERTY_OBJECT_BUSY, or CRM_DEAL_HAS_ACTIVE_BOOKING).
 * - A transition (previousVersion set) runs in the caller's transaction, where it read: the
 *   booking UPDATE and the deal UPDATE are each guarded by the version decided on; either one
 *   finding its row moved answers CRM_CONCURRENT_MODIFICATION and the caller rolls back.
 */
export async function writeBookingDecision(
  runner: StatementsOrPrisma,
  w: BookingDecisionWrite,
  clock: Clock,
): Promise<void> {
  const now = clock.now();
  const creating = w.previousVersion === null;
  const dealWrite = w.nextDeal
    ? dealVersionedUpdate(w.deal.version, w.nextDeal, now)
    : creating
      ? Prisma.sql`SELECT id FROM crm.deals WHERE id = ${w.deal.id}::uuid AND version = ${w.deal.version} FOR SHARE`
      : Prisma.sql`SELECT NULL::uuid AS id WHERE false`;
  const bookingWrite =
    w.previousVersion === null
      ? bookingInsertFrom(w.booking, Prisma.sql`deal_write`)
      : bookingVersionedUpdate(w.previousVersion, w.booking, now);
  const written = Prisma.sql`EXISTS (SELECT 1 FROM booking_write)`;
  const statements = statementsOf(runner);
  const outbox = outboxInsert(
    w.events.map((event) => outgoing(event, w.meta)),
    clock,
    written,
    statements.commitSignal,
  );
  try {
    const [row] = await statements.rows<{ bookings: number; deals: number }>(Prisma.sql`
      WITH deal_write AS (${dealWrite}),
      booking_write AS (${bookingWrite}),
      timeline AS (${timelineInsert(w.timeline, written)}),
      outbox AS (${outbox.sql})
      SELECT (SELECT count(*)::int FROM booking_write) AS bookings, (SELECT count(*)::int FROM deal_write) AS deals`);
    if (!row || row.bookings === 0) {
      throw creating
        ? crmErrors.concurrent("Deal", w.deal.id)
        : crmErrors.concurrent("Booking", w.booking.id);
    }
    if (w.nextDeal && row.deals === 0) throw crmErrors.concurrent("Deal", w.deal.id);
  } catch (error) {
    throw (creating ? mapUniqueViolation(error, w.booking) : null) ?? error;
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

/** Prisma wraps the pg error (the constraint name sits in the message or in meta); pg names it. */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { meta, constraint } = error as { meta?: unknown; constraint?: unknown };
  return `${error.message} ${meta ? JSON.stringify(meta) : ""} ${typeof constraint === "string" ? constraint : ""}`;
}
