import { assertNever } from "../../../platform/errors/domain-error.js";
const RELEASE_ORDER_SKEW_TOLERANCE_MS = 5e3;
function releaseOutcome(reason) {
  return reason === "expired" ? "Expired" : "Cancelled";
}
function tombstoneOf(event, outcome) {
  return { bookingId: event.bookingId, dealId: event.dealId, lastVersion: event.version, outcome };
}
function heldBy(event, fields) {
  return {
    bookingId: event.bookingId,
    dealId: event.dealId,
    version: event.version,
    heldSince: event.occurredAt,
    ...fields
  };
}
function mismatch(retriable, hold, reason) {
  return {
    kind: "hold-mismatch",
    retriable,
    activeBookingId: hold?.bookingId ?? null,
    activeDealId: hold?.dealId ?? null,
    reason
  };
}
const endedBefore = (ended, began) => ended.getTime() <= began.getTime();
function skewNote(ended, began) {
  const after = ended.getTime() - began.getTime();
  return after <= RELEASE_ORDER_SKEW_TOLERANCE_MS ? ` (${after} ms later: within the ${RELEASE_ORDER_SKEW_TOLERANCE_MS} ms clock skew tolerance \u2014 a reordering under clock skew or a real overlap; check crm)` : "";
}
function decideForeignRelease(state, finished, event, reason) {
  const quiet = {
    kind: "skip-not-active-hold",
    tombstone: tombstoneOf(event, releaseOutcome(reason))
  };
  if (finished) return quiet;
  const hold = state.hold;
  if (hold) {
    const since = hold.heldSince ?? null;
    if (since === null || endedBefore(event.occurredAt, since)) return quiet;
    return mismatch(
      true,
      hold,
      `release of booking ${event.bookingId} (deal ${event.dealId}) at ${event.occurredAt.toISOString()} while booking ${hold.bookingId} of deal ${hold.dealId} holds the object since ${since.toISOString()}` + skewNote(event.occurredAt, since)
    );
  }
  if (state.soldAt && !endedBefore(event.occurredAt, state.soldAt)) {
    return mismatch(
      false,
      null,
      `release of booking ${event.bookingId} (deal ${event.dealId}) at ${event.occurredAt.toISOString()} after the object was sold at ${state.soldAt.toISOString()}` + skewNote(event.occurredAt, state.soldAt)
    );
  }
  return quiet;
}
function decideHoldChange(state, finished, event) {
  if (finished && event.version <= finished.lastVersion) {
    return {
      kind: "skip-stale",
      reason: `booking already finished (${finished.outcome} at v${finished.lastVersion})`
    };
  }
  const hold = state.hold;
  const signal = event.signal;
  if (hold && hold.bookingId === event.bookingId) {
    if (hold.dealId !== event.dealId) {
      return mismatch(
        false,
        hold,
        `booking ${hold.bookingId} holds the object for deal ${hold.dealId}, the event names deal ${event.dealId}`
      );
    }
    if (event.version <= hold.version) {
      return { kind: "skip-stale", reason: `hold already at v${hold.version}` };
    }
    switch (signal.kind) {
      case "reserve":
        return { kind: "skip-stale", reason: "reserve after a later phase" };
      case "book":
      case "extend":
        return {
          kind: "apply",
          next: {
            ...state,
            hold: { ...hold, phase: "Booked", version: event.version, bookedUntil: signal.bookedUntil }
          },
          tombstone: null
        };
      case "release":
        return {
          kind: "apply",
          next: { ...state, hold: null },
          tombstone: tombstoneOf(event, releaseOutcome(signal.reason))
        };
      case "sell":
        return {
          kind: "apply",
          next: { ...state, hold: null, soldAt: signal.soldAt },
          tombstone: tombstoneOf(event, "Sold")
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
          hold: heldBy(event, { phase: "Reserved", reservedUntil: signal.reservedUntil, bookedUntil: null })
        },
        tombstone: null
      };
    case "book":
    case "extend":
      return {
        kind: "apply",
        next: {
          ...state,
          hold: heldBy(event, { phase: "Booked", reservedUntil: null, bookedUntil: signal.bookedUntil })
        },
        tombstone: null
      };
    case "sell":
      return {
        kind: "apply",
        next: { ...state, soldAt: signal.soldAt },
        tombstone: tombstoneOf(event, "Sold")
      };
    default:
      return assertNever(signal, "booking signal");
  }
}
function mergeTombstone(existing, incoming) {
  if (existing && existing.lastVersion >= incoming.lastVersion) return existing;
  return incoming;
}
export {
  RELEASE_ORDER_SKEW_TOLERANCE_MS,
  decideHoldChange,
  mergeTombstone
};
//# sourceMappingURL=hold-change.decide.js.map
