import type { Clock } from "../../../platform/clock/clock.js";
import type { StatementsOrPrisma } from "../../../platform/db/sql-statements.js";
import { evolveDealForBooking } from "../deal/deal.decide.js";
import type { Deal } from "../deal/deal.types.js";
import type { BookingDecision } from "./booking.decide.js";
import type { CausationMeta } from "./booking.outbox.js";
import type { Booking } from "./booking.types.js";
import { writeBookingDecision } from "./booking-decision.writer.js";

export interface AppliedBooking {
  readonly booking: Booking;
  readonly deal: Deal;
}

/**
 * The one write path of the Booking aggregate (one decision at a time; a batch of expiries:
 * booking-batch.writer.ts): the booking row, the deal following its booking, the timeline rows and
 * the outbox rows, as one statement (booking-decision.writer.ts) — all of it or none.
 *
 * `previous` is the booking the decision was made on, null for CreateBooking. A new booking needs
 * no transaction (createBooking is two round trips: read, write; the deal's version is the gate);
 * a transition must run inside the caller's transaction, which rolls back when a version moved.
 */
export async function applyBookingDecision(
  runner: StatementsOrPrisma,
  previous: Booking | null,
  decision: BookingDecision,
  deal: Deal,
  actorUserId: string,
  meta: CausationMeta,
  clock: Clock,
): Promise<AppliedBooking> {
  const dealChange = evolveDealForBooking(
    deal,
    decision.dealEffect,
    actorUserId,
    decision.next.id,
    clock.now(),
  );
  await writeBookingDecision(
    runner,
    {
      previousVersion: previous?.version ?? null,
      booking: decision.next,
      deal,
      nextDeal: dealChange?.next ?? null,
      timeline: [...decision.timeline, ...(dealChange?.timeline ?? [])],
      events: decision.events,
      meta,
    },
    clock,
  );
  return { booking: decision.next, deal: dealChange?.next ?? deal };
}
