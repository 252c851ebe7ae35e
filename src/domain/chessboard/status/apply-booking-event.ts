import type { Clock } from "../../../platform/clock/clock.js";
import type { Tx } from "../../../platform/db/prisma-client.js";
import { assertNever, NotFoundError, ValidationError } from "../../../platform/errors/domain-error.js";
import { CHESSBOARD_ERROR, HoldMismatchError } from "../chessboard.errors.js";
import { lockPropertyObject } from "../property-object/lock-property-object.js";
import { type EventCause, enqueueStatusChanged } from "../property-object/property-object.events.js";
import { saleStateColumns, saleStateOf } from "../property-object/property-object.row.js";
import type { BookingEvent } from "./booking-event.js";
import { decideHoldChange } from "./hold-change.decide.js";
import { findTombstone, saveTombstone } from "./tombstones.repository.js";

export type ApplyBookingEventResult = "applied" | "skipped-stale" | "skipped-not-active-hold";

/**
 * Applies one booking event to its property object inside the consumer's transaction: row lock,
 * pure decision, new state + tombstone + status-changed outbox row, all in the same commit.
 * Throws HoldMismatchError when the hold guard refuses the event (retriable or not, decision 0066).
 */
export async function applyBookingEvent(
  tx: Tx,
  event: BookingEvent,
  deps: { clock: Clock; cause?: EventCause },
): Promise<ApplyBookingEventResult> {
  const row = await lockPropertyObject(tx, event.propertyObjectId);
  if (!row) {
    // Retriable by its _NOT_FOUND suffix: the object's creation may not be committed/known yet.
    throw new NotFoundError(
      CHESSBOARD_ERROR.propertyObjectNotFound,
      `property object ${event.propertyObjectId} unknown`,
      {
        propertyObjectId: event.propertyObjectId,
      },
    );
  }
  if (row.tenantId !== event.tenantId) {
    throw new ValidationError(
      CHESSBOARD_ERROR.tenantMismatch,
      "booking TenantId differs from the object's developer",
      {
        eventTenantId: event.tenantId,
        objectTenantId: row.tenantId,
      },
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
          activeDealId: decision.activeDealId,
        },
        decision.retriable,
      );
    case "apply": {
      const columns = saleStateColumns(decision.next);
      const after = await tx.chessboardPropertyObject.update({
        where: { id: row.id },
        data: {
          ...columns,
          version: { increment: 1 },
          updatedAt: now,
          statusChangedAt: columns.status === row.status ? row.statusChangedAt : now,
        },
      });
      if (decision.tombstone) await saveTombstone(tx, row.id, decision.tombstone, now);
      await enqueueStatusChanged(tx, deps.clock, row, after, "Booking", deps.cause);
      return "applied";
    }
    default:
      return assertNever(decision, "hold decision");
  }
}
