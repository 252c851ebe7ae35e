import type { Tombstone } from "./hold-change.decide.js";
import type { SaleState } from "./property-object-status.js";

export type HoldExpirationDecision =
  | { readonly kind: "keep" }
  | {
      readonly kind: "release";
      readonly next: SaleState;
      readonly tombstone: Tombstone;
      readonly overdueSince: Date;
    };

/** The deadline of the current hold phase: ReservedUntil while Reserved, BookedUntil while Booked. */
export function holdDeadline(state: SaleState): Date | null {
  const hold = state.hold;
  if (!hold) return null;
  return hold.phase === "Reserved" ? hold.reservedUntil : hold.bookedUntil;
}

/**
 * The safety net for a lost release event: a hold still present `graceMs` after its deadline is
 * released. The tombstone keeps the hold's last Version only, so if the booking is in fact alive
 * (its extension was merely late), a newer event of it takes the object back; its older events
 * stay stale. A sold object has no hold and is never touched.
 */
export function decideHoldExpiration(state: SaleState, now: Date, graceMs: number): HoldExpirationDecision {
  const hold = state.hold;
  const deadline = holdDeadline(state);
  if (!hold || !deadline) return { kind: "keep" };
  if (now.getTime() <= deadline.getTime() + graceMs) return { kind: "keep" };
  return {
    kind: "release",
    next: { ...state, hold: null },
    tombstone: {
      bookingId: hold.bookingId,
      dealId: hold.dealId,
      lastVersion: hold.version,
      outcome: "ForceReleased",
    },
    overdueSince: deadline,
  };
}
