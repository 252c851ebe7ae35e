import type { Clock } from "../../../platform/clock/clock.js";
import type { Db, Tx } from "../../../platform/db/prisma-client.js";
import type { Logger } from "../../../platform/log/logger.js";
import type { CrmMetrics } from "../crm.metrics.js";
import { SYSTEM_ACTOR } from "../timeline/timeline.types.js";
import { applyBookingDecision } from "./apply-booking-decision.js";
import { decideBooking, dueAt } from "./booking.decide.js";
import { bookingFromRow, dealFromRow } from "./booking.repository.js";
import { claimDueBookings } from "./claim-due-bookings.js";

const MS_PER_SECOND = 1000;

export interface ExpireBatchResult {
  readonly claimed: number;
  readonly expired: number;
  readonly failedIds: readonly string[];
}

export interface ExpireDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly log: Logger;
  readonly metrics: CrmMetrics;
}

/**
 * One batch of the booking-expiration worker in one transaction: claim due rows with SKIP LOCKED,
 * expire each with its events (INV-BKG-5), commit. A savepoint per item: a bad row is rolled back
 * alone, logged and counted, and the rest of the batch still commits.
 */
export async function expireOverdueBatch(
  deps: ExpireDeps,
  batchSize: number,
  exclude: readonly string[],
): Promise<ExpireBatchResult> {
  const { db, clock, log, metrics } = deps;
  return db.$transaction(async (tx) => {
    const now = clock.now();
    const ids = await claimDueBookings(tx, now, batchSize, exclude);
    if (ids.length === 0) return { claimed: 0, expired: 0, failedIds: [] };
    const rows = await tx.crmBooking.findMany({ where: { id: { in: ids } }, include: { deal: true } });
    let expired = 0;
    const failedIds: string[] = [];
    for (const row of rows) {
      await tx.$executeRaw`SAVEPOINT crm_expire_item`;
      try {
        await expireOne(tx, row, deps, now);
        await tx.$executeRaw`RELEASE SAVEPOINT crm_expire_item`;
        expired++;
      } catch (error) {
        await tx.$executeRaw`ROLLBACK TO SAVEPOINT crm_expire_item`;
        failedIds.push(row.id);
        metrics.expirationFailures.inc();
        log.error({ bookingId: row.id, sagaId: row.id, err: error }, "booking expiration failed; skipped");
      }
    }
    return { claimed: ids.length, expired, failedIds };
  });
}

async function expireOne(
  tx: Tx,
  row: Parameters<typeof bookingFromRow>[0] & { deal: Parameters<typeof dealFromRow>[0] },
  deps: ExpireDeps,
  now: Date,
): Promise<void> {
  const booking = bookingFromRow(row);
  const deal = dealFromRow(row.deal);
  const decision = decideBooking(booking, { type: "ExpireBooking" }, now);
  await applyBookingDecision(tx, booking, decision, deal, SYSTEM_ACTOR, {}, deps.clock);
  const deadline = dueAt(booking);
  const phase = booking.status === "Booked" ? "Booking" : "Reserve";
  deps.metrics.expirationItems.inc({ phase });
  if (deadline) deps.metrics.expirationLateness.observe((now.getTime() - deadline.getTime()) / MS_PER_SECOND);
  const since = booking.status === "Booked" ? booking.confirmedAt : booking.createdAt;
  if (since) {
    deps.metrics.phaseDuration.observe(
      { phase: phase === "Booking" ? "booking" : "reserve", outcome: decision.next.status },
      (now.getTime() - since.getTime()) / MS_PER_SECOND,
    );
  }
  deps.log.info(
    {
      bookingId: booking.id,
      sagaId: booking.id,
      dealId: booking.dealId,
      phase,
      version: decision.next.version,
    },
    "booking expired",
  );
}
