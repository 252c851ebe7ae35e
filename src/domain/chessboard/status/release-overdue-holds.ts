import type { Clock } from "../../../platform/clock/clock.js";
import type { Db } from "../../../platform/db/prisma-client.js";
import { enqueueStatusChanged } from "../property-object/property-object.events.js";
import { saleStateColumns, saleStateOf } from "../property-object/property-object.row.js";
import { decideHoldExpiration } from "./hold-expiration.decide.js";
import { saveTombstone } from "./tombstones.repository.js";

export interface ReleasedHold {
  readonly propertyObjectId: string;
  readonly bookingId: string;
  readonly dealId: string;
  readonly phase: "Reserved" | "Booked";
  readonly overdueSince: Date;
  readonly toStatus: string;
}

const MINUTE_MS = 60_000;

/**
 * One batch of the hold-expiration safety net: claims held objects whose deadline passed more than
 * `graceMinutes` ago (FOR UPDATE SKIP LOCKED, so parallel workers take disjoint rows and a row being
 * changed by the booking consumer is simply left for the next cycle), re-checks each with the pure
 * rule and releases it with its status-changed event in the same transaction.
 */
export async function releaseOverdueHolds(
  db: Db,
  clock: Clock,
  options: { graceMinutes: number; batchSize: number },
): Promise<ReleasedHold[]> {
  return db.$transaction(async (tx) => {
    const now = clock.now();
    const graceMs = options.graceMinutes * MINUTE_MS;
    const cutoff = new Date(now.getTime() - graceMs);
    const claimed = await tx.$queryRaw<Array<{ id: string }>>`
      SELECT id FROM chessboard.property_objects
      WHERE hold_booking_id IS NOT NULL
        AND ((status = 'Reserved' AND reserved_until < ${cutoff}) OR (status = 'Booked' AND booked_until < ${cutoff}))
      ORDER BY id
      LIMIT ${options.batchSize}
      FOR UPDATE SKIP LOCKED`;
    if (claimed.length === 0) return [];
    const rows = await tx.chessboardPropertyObject.findMany({
      where: { id: { in: claimed.map((c) => c.id) } },
    });
    const released: ReleasedHold[] = [];
    for (const row of rows) {
      const state = saleStateOf(row);
      const decision = decideHoldExpiration(state, now, graceMs);
      if (decision.kind === "keep" || !state.hold) continue;
      const after = await tx.chessboardPropertyObject.update({
        where: { id: row.id },
        data: {
          ...saleStateColumns(decision.next),
          version: { increment: 1 },
          statusChangedAt: now,
          updatedAt: now,
        },
      });
      await saveTombstone(tx, row.id, decision.tombstone, now);
      await enqueueStatusChanged(tx, clock, row, after, "HoldExpiration");
      released.push({
        propertyObjectId: row.id,
        bookingId: state.hold.bookingId,
        dealId: state.hold.dealId,
        phase: state.hold.phase,
        overdueSince: decision.overdueSince,
        toStatus: after.status,
      });
    }
    return released;
  });
}
