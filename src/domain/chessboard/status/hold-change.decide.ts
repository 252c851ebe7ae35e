import { assertNever } from "../../../platform/errors/domain-error.js";
import type { BookingEvent } from "./booking-event.js";
import type { ActiveHold, SaleState } from "./property-object-status.js";

/** Why a booking no longer holds (or never held) an object. */
export type TombstoneOutcome = "Expired" | "Cancelled" | "Sold" | "ForceReleased";

/** A finished booking of one object and the highest Version seen for it. */
export interface Tombstone {
  readonly bookingId: string;
  readonly dealId: string;
  readonly lastVersion: number;
  readonly outcome: TombstoneOutcome;
}

export type HoldDecision =
  /** Change the object; `tombstone` is recorded when the booking stops holding it. */
  | { readonly kind: "apply"; readonly next: SaleState; readonly tombstone: Tombstone | null }
  /** Old or superseded event: nothing changes. */
  | { readonly kind: "skip-stale"; readonly reason: string }
  /**
   * A release for a booking that does not hold the object changes no status, but its tombstone is
   * kept so that the same booking's earlier events arriving later cannot take the object.
   */
  | { readonly kind: "skip-not-active-hold"; readonly tombstone: Tombstone }
  /**
   * INV-CHS-003: the event cannot be applied to the object's hold. `retriable`: the event may only
   * be early (the holder's release may still be on its way), so the platform parks and retries it
   * and dead-letters it when retries run out; otherwise nothing can explain it and it goes to the
   * DLQ at once. Either way the DLQ entry is the alert (CHESSBOARD_PROPERTY_OBJECT_HOLD_MISMATCH).
   */
  | {
      readonly kind: "hold-mismatch";
      readonly retriable: boolean;
      readonly activeBookingId: string | null;
      readonly activeDealId: string | null;
      readonly reason: string;
    };

/**
 * Bookings of one object are ordered by crm (INV-BKG-001: the next starts only after the previous
 * ended), but their times come from different API instances. A foreign release that ended later
 * than the current hold began, by no more than this, may be a reordering under clock skew — or a
 * real overlap: chessboard cannot tell which, so it is parked like any other unexplained release
 * (never acked silently) and its reason says it is within the tolerance (decision 0313).
 */
export const RELEASE_ORDER_SKEW_TOLERANCE_MS = 5_000;

function releaseOutcome(reason: "expired" | "cancelled"): TombstoneOutcome {
  return reason === "expired" ? "Expired" : "Cancelled";
}

function tombstoneOf(event: BookingEvent, outcome: TombstoneOutcome): Tombstone {
  return { bookingId: event.bookingId, dealId: event.dealId, lastVersion: event.version, outcome };
}

function heldBy(
  event: BookingEvent,
  fields: Pick<ActiveHold, "phase" | "reservedUntil" | "bookedUntil">,
): ActiveHold {
  return {
    bookingId: event.bookingId,
    dealId: event.dealId,
    version: event.version,
    heldSince: event.occurredAt,
    ...fields,
  };
}

function mismatch(
  retriable: boolean,
  hold: ActiveHold | null,
  reason: string,
): Extract<HoldDecision, { kind: "hold-mismatch" }> {
  return {
    kind: "hold-mismatch",
    retriable,
    activeBookingId: hold?.bookingId ?? null,
    activeDealId: hold?.dealId ?? null,
    reason,
  };
}

/** crm's order read from its business times: ended at or before the other began. */
const endedBefore = (ended: Date, began: Date) => ended.getTime() <= began.getTime();

/** How the operator should read a refused release that ended `ended` after `began`. */
function skewNote(ended: Date, began: Date): string {
  const after = ended.getTime() - began.getTime();
  return after <= RELEASE_ORDER_SKEW_TOLERANCE_MS
    ? ` (${after} ms later: within the ${RELEASE_ORDER_SKEW_TOLERANCE_MS} ms clock skew tolerance — a reordering under clock skew or a real overlap; check crm)`
    : "";
}

/**
 * A release of a booking that does not hold the object (decisions 0066, 0313). Quiet — a
 * tombstone, no status change — only when the order of events explains it:
 *  - the booking held the object before (a tombstone exists: e.g. the safety worker freed it);
 *  - the object is free and unsold: the booking's own earlier events are still on their way;
 *  - the booking ended at or before the current hold began: the next booking overtook this release;
 *  - the booking ended at or before the object was sold.
 * Otherwise both bookings were active at once as far as chessboard can tell, even when it is by
 * less than the clock-skew tolerance (INV-CHS-003 is never acked silently): a release after the
 * current hold began is parked (retriable) until it can be judged — the holder's own release, once
 * applied, explains it; if none comes within the retries it reaches the DLQ. A release after the
 * sale can never be explained (non-retriable).
 */
function decideForeignRelease(
  state: SaleState,
  finished: Tombstone | null,
  event: BookingEvent,
  reason: "expired" | "cancelled",
): HoldDecision {
  const quiet: HoldDecision = {
    kind: "skip-not-active-hold",
    tombstone: tombstoneOf(event, releaseOutcome(reason)),
  };
  if (finished) return quiet;
  const hold = state.hold;
  if (hold) {
    const since = hold.heldSince ?? null;
    if (since === null || endedBefore(event.occurredAt, since)) return quiet;
    return mismatch(
      true,
      hold,
      `release of booking ${event.bookingId} (deal ${event.dealId}) at ${event.occurredAt.toISOString()} ` +
        `while booking ${hold.bookingId} of deal ${hold.dealId} holds the object since ${since.toISOString()}` +
        skewNote(event.occurredAt, since),
    );
  }
  if (state.soldAt && !endedBefore(event.occurredAt, state.soldAt)) {
    return mismatch(
      false,
      null,
      `release of booking ${event.bookingId} (deal ${event.dealId}) at ${event.occurredAt.toISOString()} ` +
        `after the object was sold at ${state.soldAt.toISOString()}` +
        skewNote(event.occurredAt, state.soldAt),
    );
  }
  return quiet;
}

/**
 * Applies one crm booking event to the sale state of its property object. Cross-topic order is not
 * guaranteed, so the decision uses only the booking Version and who holds the object:
 *  - an event of a finished booking not newer than its tombstone is stale;
 *  - an event of the holding booking not newer than the hold's Version is stale;
 *  - a later phase may arrive first (confirmed before created, extended before confirmed): it is
 *    applied directly and the earlier phase is then stale;
 *  - a release of a booking that does not hold the object changes nothing (an old booking of the
 *    same deal must not free a new hold) when the order of events explains it, else it is a hold
 *    mismatch (decideForeignRelease);
 *  - an event of the holding booking that names another deal is a hold mismatch (INV-CHS-003);
 *  - anything else for an object held by another booking (or already sold) is a hold mismatch.
 */
export function decideHoldChange(
  state: SaleState,
  finished: Tombstone | null,
  event: BookingEvent,
): HoldDecision {
  if (finished && event.version <= finished.lastVersion) {
    return {
      kind: "skip-stale",
      reason: `booking already finished (${finished.outcome} at v${finished.lastVersion})`,
    };
  }
  const hold = state.hold;
  const signal = event.signal;

  if (hold && hold.bookingId === event.bookingId) {
    if (hold.dealId !== event.dealId) {
      // Same booking, another deal: crm's data contradicts itself; waiting cannot fix that.
      return mismatch(
        false,
        hold,
        `booking ${hold.bookingId} holds the object for deal ${hold.dealId}, the event names deal ${event.dealId}`,
      );
    }
    if (event.version <= hold.version) {
      return { kind: "skip-stale", reason: `hold already at v${hold.version}` };
    }
    switch (signal.kind) {
      case "reserve":
        // Reserve is a booking's first transition; a "newer" one cannot follow an applied phase.
        return { kind: "skip-stale", reason: "reserve after a later phase" };
      case "book":
      case "extend":
        return {
          kind: "apply",
          next: {
            ...state,
            hold: { ...hold, phase: "Booked", version: event.version, bookedUntil: signal.bookedUntil },
          },
          tombstone: null,
        };
      case "release":
        return {
          kind: "apply",
          next: { ...state, hold: null },
          tombstone: tombstoneOf(event, releaseOutcome(signal.reason)),
        };
      case "sell":
        return {
          kind: "apply",
          next: { ...state, hold: null, soldAt: signal.soldAt },
          tombstone: tombstoneOf(event, "Sold"),
        };
      default:
        return assertNever(signal, "booking signal");
    }
  }

  if (signal.kind === "release") return decideForeignRelease(state, finished, event, signal.reason);
  if (hold) {
    return mismatch(true, hold, `object is held by booking ${hold.bookingId} of deal ${hold.dealId}`);
  }
  if (state.soldAt) return mismatch(true, null, "object is already sold");

  switch (signal.kind) {
    case "reserve":
      return {
        kind: "apply",
        next: {
          ...state,
          hold: heldBy(event, { phase: "Reserved", reservedUntil: signal.reservedUntil, bookedUntil: null }),
        },
        tombstone: null,
      };
    case "book":
    case "extend":
      return {
        kind: "apply",
        next: {
          ...state,
          hold: heldBy(event, { phase: "Booked", reservedUntil: null, bookedUntil: signal.bookedUntil }),
        },
        tombstone: null,
      };
    case "sell":
      return {
        kind: "apply",
        next: { ...state, soldAt: signal.soldAt },
        tombstone: tombstoneOf(event, "Sold"),
      };
    default:
      return assertNever(signal, "booking signal");
  }
}

/** Tombstones only ever grow: a late release with a lower Version must not lower the guard. */
export function mergeTombstone(existing: Tombstone | null, incoming: Tombstone): Tombstone {
  if (existing && existing.lastVersion >= incoming.lastVersion) return existing;
  return incoming;
}
