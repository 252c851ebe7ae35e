import type { Clock } from "../../../platform/clock/clock.js";
import type { Db, Tx } from "../../../platform/db/prisma-client.js";
import { evolveDealForBooking } from "../deal/deal.decide.js";
import { updateDealVersioned } from "../deal/deal.repository.js";
import type { Deal } from "../deal/deal.types.js";
import { insertTimeline } from "../timeline/timeline.repository.js";
import type { BookingDecision } from "./booking.decide.js";
import { type CausationMeta, enqueueEvents } from "./booking.outbox.js";
import { insertBookingWithEffects, updateBookingVersioned } from "./booking.repository.js";
import type { Booking } from "./booking.types.js";

export interface AppliedBooking {
  readonly booking: Booking;
  readonly deal: Deal;
}

/**
 * Writes one booking decision inside the caller's transaction: the booking row (update guarded by
 * the version it was decided on), the deal following its booking, the timeline rows and the
 * outbox rows. Either all of it commits or none.
 */
export async function applyBookingDecision(
  tx: Tx,
  previous: Booking,
  decision: BookingDecision,
  deal: Deal,
  actorUserId: string,
  meta: CausationMeta,
  clock: Clock,
): Promise<AppliedBooking> {
  const now = clock.now();
  await updateBookingVersioned(tx, previous.version, decision.next, now);

  const dealChange = evolveDealForBooking(deal, decision.dealEffect, actorUserId, decision.next.id, now);
  if (dealChange) await updateDealVersioned(tx, deal.version, dealChange.next, now);

  await insertTimeline(tx, [...decision.timeline, ...(dealChange?.timeline ?? [])]);
  await enqueueEvents(tx, decision.events, meta, clock);
  return { booking: decision.next, deal: dealChange?.next ?? deal };
}

/**
 * Writes a CreateBooking decision: the same rows as `applyBookingDecision`, but as one statement
 * that needs no surrounding transaction (createBooking is two round trips: read, write).
 */
export async function applyCreatedBooking(
  db: Db | Tx,
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
  await insertBookingWithEffects(
    db,
    {
      booking: decision.next,
      dealId: deal.id,
      dealVersion: deal.version,
      nextDeal: dealChange?.next ?? null,
      timeline: [...decision.timeline, ...(dealChange?.timeline ?? [])],
      events: decision.events,
      meta,
    },
    clock,
  );
  return { booking: decision.next, deal: dealChange?.next ?? deal };
}
