import { assertNever, NotFoundError, ValidationError } from "../../../platform/errors/domain-error.js";
import { CHESSBOARD_ERROR, HoldMismatchError } from "../chessboard.errors.js";
import { lockPropertyObject } from "../property-object/lock-property-object.js";
import { enqueueStatusChanged } from "../property-object/property-object.events.js";
import { saleStateColumns, saleStateOf } from "../property-object/property-object.row.js";
import { decideHoldChange } from "./hold-change.decide.js";
import { findTombstone, saveTombstone } from "./tombstones.repository.js";
async function applyBookingEvent(tx, event, deps) {
  const row = await lockPropertyObject(tx, event.propertyObjectId);
  if (!row) {
    throw new NotFoundError(
      CHESSBOARD_ERROR.propertyObjectNotFound,
      `property object ${event.propertyObjectId} unknown`,
      {
        propertyObjectId: event.propertyObjectId
      }
    );
  }
  if (row.tenantId !== event.tenantId) {
    throw new ValidationError(
      CHESSBOARD_ERROR.tenantMismatch,
      "booking TenantId differs from the object's developer",
      {
        eventTenantId: event.tenantId,
        objectTenantId: row.tenantId
      }
    );
  }
  const finished = await findTombstone(tx, row.id, event.bookingId);
  const decision = decideHoldChange(saleStateOf(row), finished, event);
  const now = deps.clock.now();
  switch (decision.kind) {
    case "skip-stale":
      return "skipped-stale";
    case "skip-not-active-hold":
      await saveTombstone(tx, row.id, decision.tombstone, now);
      return "skipped-not-active-hold";
    case "hold-mismatch":
      throw new HoldMismatchError(
        `INV-CHS-003: ${decision.reason}`,
        {
          propertyObjectId: row.id,
          eventBookingId: event.bookingId,
          eventDealId: event.dealId,
          activeBookingId: decision.activeBookingId,
          activeDealId: decision.activeDealId
        },
        decision.retriable
      );
    case "apply": {
      const columns = saleStateColumns(decision.next);
      const after = await tx.chessboardPropertyObject.update({
        where: { id: row.id },
        data: {
          ...columns,
          version: { increment: 1 },
          updatedAt: now,
          statusChangedAt: columns.status === row.status ? row.statusChangedAt : now
        }
      });
      if (decision.tombstone) await saveTombstone(tx, row.id, decision.tombstone, now);
      await enqueueStatusChanged(tx, deps.clock, row, after, "Booking", deps.cause);
      return "applied";
    }
    default:
      return assertNever(decision, "hold decision");
  }
}
export {
  applyBookingEvent
};
//# sourceMappingURL=apply-booking-event.js.map
