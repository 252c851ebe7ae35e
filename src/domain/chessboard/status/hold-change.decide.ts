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
   * INV-CHS-003: the object is held by another booking (or sold). Retriable — the other booking's
   * release may simply not have arrived yet — and dead-lettered when retries run out.
   */
  | {
      readonly kind: "hold-mismatch";
      readonly activeBookingId: string | null;
      readonly activeDealId: string | null;
      readonly reason: string;
    };

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
  return { bookingId: event.bookingId, dealId: event.dealId, version: event.version, ...fields };
}

/**
 * Applies one crm booking event to the sale state of its property object. Cross-topic order is not
 * guaranteed, so the decision uses only the booking Version and who holds the object:
 *  - an event of a finished booking not newer than its tombstone is stale;
 *  - an event of the holding booking not newer than the hold's Version is stale;
 *  - a later phase may arrive first (confirmed before created, extended before confirmed): it is
 *    applied directly and the earlier phase is then stale;
 *  - a release of a booking that does not hold the object changes nothing (an old booking of the
 *    same deal must not free a new hold);
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

  if (signal.kind === "release") {
    return { kind: "skip-not-active-hold", tombstone: tombstoneOf(event, releaseOutcome(signal.reason)) };
  }
  if (hold) {
    return {
      kind: "hold-mismatch",
      activeBookingId: hold.bookingId,
      activeDealId: hold.dealId,
      reason: `object is held by booking ${hold.bookingId} of deal ${hold.dealId}`,
    };
  }
  if (state.soldAt) {
    return {
      kind: "hold-mismatch",
      activeBookingId: null,
      activeDealId: null,
      reason: "object is already sold",
    };
  }

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
