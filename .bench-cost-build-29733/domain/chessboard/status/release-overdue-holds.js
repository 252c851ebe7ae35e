import { enqueueStatusChanged } from "../property-object/property-object.events.js";
import { saleStateColumns, saleStateOf } from "../property-object/property-object.row.js";
import { decideHoldExpiration } from "./hold-expiration.decide.js";
import { saveTombstone } from "./tombstones.repository.js";
const MINUTE_MS = 6e4;
async function releaseOverdueHolds(db, clock, options) {
  return db.$transaction(async (tx) => {
    const now = clock.now();
    const graceMs = options.graceMinutes * MINUTE_MS;
    const cutoff = new Date(now.getTime() - graceMs);
    const claimed = await tx.$queryRaw`
      SELECT id FROM chessboard.property_objects
      WHERE hold_booking_id IS NOT NULL
        AND ((status = 'Reserved' AND reserved_until < ${cutoff}) OR (status = 'Booked' AND booked_until < ${cutoff}))
      ORDER BY id
      LIMIT ${options.batchSize}
      FOR UPDATE SKIP LOCKED`;
    if (claimed.length === 0) return [];
    const rows = await tx.chessboardPropertyObject.findMany({
      where: { id: { in: claimed.map((c) => c.id) } }
    });
    const released = [];
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
          updatedAt: now
        }
      });
      await saveTombstone(tx, row.id, decision.tombstone, now);
      await enqueueStatusChanged(tx, clock, row, after, "HoldExpiration");
      released.push({
        propertyObjectId: row.id,
        bookingId: state.hold.bookingId,
        dealId: state.hold.dealId,
        phase: state.hold.phase,
        overdueSince: decision.overdueSince,
        toStatus: after.status
      });
    }
    return released;
  });
}
export {
  releaseOverdueHolds
};
//# sourceMappingURL=release-overdue-holds.js.map
