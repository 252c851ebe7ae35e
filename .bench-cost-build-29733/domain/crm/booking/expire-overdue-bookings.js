import { crmErrors } from "../crm.errors.js";
import { evolveDealForBooking } from "../deal/deal.decide.js";
import { SYSTEM_ACTOR } from "../timeline/timeline.types.js";
import { applyBookingDecision } from "./apply-booking-decision.js";
import { decideBooking, dueAt } from "./booking.decide.js";
import { findBookingWithDeal } from "./booking.repository.js";
import { bookingFromRow, dealFromColumns } from "./booking.rows.js";
import { writeBatchVersioned } from "./booking-batch.writer.js";
import { claimDueBookings } from "./claim-due-bookings.js";
const MS_PER_SECOND = 1e3;
async function expireOverdueBatch(deps, batchSize, exclude) {
  const { db, log } = deps;
  return db.$transaction(async (tx) => {
    const now = deps.clock.now();
    const claimed = await claimDueBookings(tx, now, batchSize, exclude);
    if (claimed.length === 0) return { claimed: 0, expired: 0, failedIds: [] };
    const failedIds = [];
    const planned = [];
    for (const { row, deal } of claimed) {
      try {
        const booking = bookingFromRow(row);
        const decision = decideBooking(booking, { type: "ExpireBooking" }, now);
        planned.push({ booking, deal: dealFromColumns(deal), decision });
      } catch (error) {
        failed(deps, failedIds, row.id, error);
      }
    }
    await tx.$executeRaw`SAVEPOINT crm_expire_batch`;
    try {
      await applyBatch(tx, planned, deps, now);
      await tx.$executeRaw`RELEASE SAVEPOINT crm_expire_batch`;
      for (const item of planned) recordExpired(deps, item, now);
      return { claimed: claimed.length, expired: planned.length, failedIds };
    } catch (error) {
      await tx.$executeRaw`ROLLBACK TO SAVEPOINT crm_expire_batch`;
      log.warn({ err: error, size: planned.length }, "set-based expiration failed; expiring item by item");
    }
    let expired = 0;
    for (const item of planned) {
      await tx.$executeRaw`SAVEPOINT crm_expire_item`;
      try {
        await applyBookingDecision(tx, item.booking, item.decision, item.deal, SYSTEM_ACTOR, {}, deps.clock);
        await tx.$executeRaw`RELEASE SAVEPOINT crm_expire_item`;
        recordExpired(deps, item, now);
        expired++;
      } catch (error) {
        await tx.$executeRaw`ROLLBACK TO SAVEPOINT crm_expire_item`;
        failed(deps, failedIds, item.booking.id, error);
      }
    }
    return { claimed: claimed.length, expired, failedIds };
  });
}
async function expireDueBooking(deps, bookingId) {
  return deps.db.$transaction(async (tx) => {
    const now = deps.clock.now();
    const found = await findBookingWithDeal(tx, bookingId);
    if (!found) throw crmErrors.bookingNotFound(bookingId);
    const decision = decideBooking(found.booking, { type: "ExpireBooking" }, now);
    await applyBookingDecision(tx, found.booking, decision, found.deal, SYSTEM_ACTOR, {}, deps.clock);
    recordExpired(deps, { booking: found.booking, deal: found.deal, decision }, now);
    return decision.next;
  });
}
async function applyBatch(tx, items, deps, now) {
  const dealChanges = items.flatMap((item) => {
    const change = evolveDealForBooking(
      item.deal,
      item.decision.dealEffect,
      SYSTEM_ACTOR,
      item.booking.id,
      now
    );
    return change ? [{ previousVersion: item.deal.version, change }] : [];
  });
  await writeBatchVersioned(
    tx,
    {
      bookings: items.map((item) => ({ previousVersion: item.booking.version, next: item.decision.next })),
      deals: dealChanges.map((d) => ({ previousVersion: d.previousVersion, next: d.change.next })),
      timeline: [
        ...items.flatMap((item) => item.decision.timeline),
        ...dealChanges.flatMap((d) => d.change.timeline)
      ],
      events: items.flatMap((item) => item.decision.events)
    },
    {},
    deps.clock,
    now
  );
}
function failed(deps, failedIds, bookingId, error) {
  failedIds.push(bookingId);
  deps.metrics.expirationFailures.inc();
  deps.log.error({ bookingId, sagaId: bookingId, err: error }, "booking expiration failed; skipped");
}
function recordExpired(deps, { booking, decision }, now) {
  const deadline = dueAt(booking);
  const phase = booking.status === "Booked" ? "Booking" : "Reserve";
  deps.metrics.expirationItems.inc({ phase });
  if (deadline) deps.metrics.expirationLateness.observe((now.getTime() - deadline.getTime()) / MS_PER_SECOND);
  const since = booking.status === "Booked" ? booking.confirmedAt : booking.createdAt;
  if (since) {
    deps.metrics.phaseDuration.observe(
      { phase: phase === "Booking" ? "booking" : "reserve", outcome: decision.next.status },
      (now.getTime() - since.getTime()) / MS_PER_SECOND
    );
  }
  deps.log.info(
    {
      bookingId: booking.id,
      sagaId: booking.id,
      dealId: booking.dealId,
      phase,
      version: decision.next.version
    },
    "booking expired"
  );
}
export {
  expireDueBooking,
  expireOverdueBatch
};
//# sourceMappingURL=expire-overdue-bookings.js.map
