import type { Clock } from "../../../platform/clock/clock.js";
import type { RawTx } from "../../../platform/db/raw-tx.js";
import { assertNever, NotFoundError, ValidationError } from "../../../platform/errors/domain-error.js";
import { CHESSBOARD_ERROR, HoldMismatchError } from "../chessboard.errors.js";
import type { EventCause } from "../property-object/property-object.events.js";
import {
  type PropertyObjectRow,
  saleStateColumns,
  saleStateOf,
} from "../property-object/property-object.row.js";
import type { BookingEvent } from "./booking-event.js";
import { lockBookingEventTarget, writeSaleStateWithEvent } from "./booking-event-target.js";
import { decideHoldChange } from "./hold-change.decide.js";
import { saveTombstone } from "./tombstones.repository.js";

export type ApplyBookingEventResult = "applied" | "skipped-stale" | "skipped-not-active-hold";

/**
 * Applies one booking event to its property object inside the consumer's transaction: row lock
 * (with the building's status and the booking's tombstone, one statement), pure decision, new
 * state + status-changed outbox row (one statement) + tombstone, all in the same commit
 * (decision 0625).
 * Throws HoldMismatchError when the hold guard refuses the event (retriable or not, decision 0066).
 */
export async function applyBookingEvent(
  tx: RawTx,
  event: BookingEvent,
  deps: { clock: Clock; cause?: EventCause },
): Promise<ApplyBookingEventResult> {
  const target = await lockBookingEventTarget(tx, event.propertyObjectId, event.bookingId);
  if (!target) {
    // Retriable by its _NOT_FOUND suffix: the object's creation may not be committed/known yet.
    throw new NotFoundError(
      CHESSBOARD_ERROR.propertyObjectNotFound,
      `property object ${event.propertyObjectId} unknown`,
      {
        propertyObjectId: event.propertyObjectId,
      },
    );
  }
  if (target.row.tenantId !== event.tenantId) {
    throw new ValidationError(
      CHESSBOARD_ERROR.tenantMismatch,
      "booking TenantId differs from the object's developer",
      {
        eventTenantId: event.tenantId,
        objectTenantId: target.row.tenantId,
      },
    );
  }
  const { row } = target;
  const decision = decideHoldChange(saleStateOf(row), target.tombstone, event);
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
      const after: PropertyObjectRow = {
        ...row,
        ...columns,
        version: row.version + 1,
        updatedAt: now,
        statusChangedAt: columns.status === row.status ? row.statusChangedAt : now,
      };
      await writeSaleStateWithEvent(tx, deps.clock, target, after, deps.cause ?? {});
      if (decision.tombstone) await saveTombstone(tx, row.id, decision.tombstone, now);
      return "applied";
    }
    default:
      return assertNever(decision, "hold decision");
  }
}
