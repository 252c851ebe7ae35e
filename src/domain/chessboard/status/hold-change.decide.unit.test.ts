import { describe, expect, it } from "vitest";
import type { BookingEvent, BookingSignal } from "./booking-event.js";
import {
  decideHoldChange,
  mergeTombstone,
  RELEASE_ORDER_SKEW_TOLERANCE_MS,
  type Tombstone,
} from "./hold-change.decide.js";
import { decideHoldExpiration } from "./hold-expiration.decide.js";
import { deriveStatus, type SaleState } from "./property-object-status.js";

const OBJECT = "33333333-3333-4333-8333-333333333333";
const FREE: SaleState = { hold: null, soldAt: null, hiddenSelf: false, hiddenByBuilding: false };
const T0 = Date.parse("2026-11-29T10:00:00.000Z");
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

/**
 * crm's business time of each event: B2 starts (minute 1000) after B1 has ended, as INV-BKG-001
 * makes every next booking of one object; a booking's events are a minute apart per Version.
 */
const STARTS_AT_MINUTE: Record<string, number> = { B1: 0, B2: 1000, B3: 2000 };

function ev(
  booking: string,
  version: number,
  signal: BookingSignal,
  deal = `deal-of-${booking}`,
  occurredAt = at((STARTS_AT_MINUTE[booking] ?? 0) + version),
): BookingEvent {
  return {
    bookingId: booking,
    dealId: deal,
    propertyObjectId: OBJECT,
    tenantId: "tenant",
    version,
    occurredAt,
    signal,
  };
}

const created = (b: string, v = 1) => ev(b, v, { kind: "reserve", reservedUntil: at(60) });
const confirmed = (b: string, v: number) => ev(b, v, { kind: "book", bookedUntil: at(24 * 60) });
const extended = (b: string, v: number, hours: number) =>
  ev(b, v, { kind: "extend", bookedUntil: at(hours * 60) });
const expired = (b: string, v: number) => ev(b, v, { kind: "release", reason: "expired" });
const cancelled = (b: string, v: number) => ev(b, v, { kind: "release", reason: "cancelled" });
const sold = (b: string, v: number) => ev(b, v, { kind: "sell", soldAt: at(v * 100) });

interface Outcome {
  state: SaleState;
  /** Retriable mismatches (parked and retried) */
  mismatches: number;
  /** Events dead-lettered at once (non-retriable mismatch): the anomalies an operator must see */
  deadLettered: BookingEvent[];
}

/**
 * Delivers events in the given order like the consumer does: a hold mismatch is retried later
 * (re-queued at the end), everything else is final. Fails on a livelock.
 */
function deliver(events: readonly BookingEvent[], initial: SaleState = FREE): Outcome {
  let state = initial;
  const tombstones = new Map<string, Tombstone>();
  const queue = [...events];
  let mismatches = 0;
  const deadLettered: BookingEvent[] = [];
  const maxSteps = events.length * events.length + 10;
  for (let step = 0; queue.length > 0; step++) {
    if (step > maxSteps) throw new Error("livelock: events keep mismatching");
    const event = queue.shift()!;
    const decision = decideHoldChange(state, tombstones.get(event.bookingId) ?? null, event);
    switch (decision.kind) {
      case "apply":
        state = decision.next;
        if (decision.tombstone) {
          tombstones.set(
            event.bookingId,
            mergeTombstone(tombstones.get(event.bookingId) ?? null, decision.tombstone),
          );
        }
        break;
      case "skip-not-active-hold":
        tombstones.set(
          event.bookingId,
          mergeTombstone(tombstones.get(event.bookingId) ?? null, decision.tombstone),
        );
        break;
      case "skip-stale":
        break;
      case "hold-mismatch":
        if (!decision.retriable) {
          deadLettered.push(event);
          break;
        }
        mismatches++;
        queue.push(event);
        break;
    }
  }
  return { state, mismatches, deadLettered };
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  const out: T[][] = [];
  items.forEach((item, i) => {
    const rest = [...items.slice(0, i), ...items.slice(i + 1)];
    for (const perm of permutations(rest)) out.push([item, ...perm]);
  });
  return out;
}

/** Every interleaving-order of both sequences' events (full permutations of their union). */
function allOrders(...sequences: BookingEvent[][]): BookingEvent[][] {
  return permutations(sequences.flat());
}

const label = (events: readonly BookingEvent[]) =>
  events.map((e) => `${e.bookingId}:${e.signal.kind}@${e.version}`).join(" ");

describe("decideHoldChange — one booking, in order", () => {
  it("booking-created reserves a free object with HoldDealId, HoldBookingId and ReservedUntil", () => {
    const { state } = deliver([created("B1")]);
    expect(deriveStatus(state)).toBe("Reserved");
    expect(state.hold).toMatchObject({
      bookingId: "B1",
      dealId: "deal-of-B1",
      reservedUntil: at(60),
      version: 1,
    });
  });

  it("created → confirmed → extended → sold ends Sold with timers cleared", () => {
    const { state } = deliver([created("B1"), confirmed("B1", 2), extended("B1", 3, 48), sold("B1", 4)]);
    expect(deriveStatus(state)).toBe("Sold");
    expect(state.hold).toBeNull();
    expect(state.soldAt).toEqual(at(400));
  });

  it("created → expired ends Free", () => {
    expect(deriveStatus(deliver([created("B1"), expired("B1", 2)]).state)).toBe("Free");
  });

  it("a release of a hidden object returns it to Hidden", () => {
    const hidden = { ...FREE, hiddenSelf: true };
    expect(deriveStatus(deliver([created("B1")], hidden).state)).toBe("Reserved");
    expect(deriveStatus(deliver([created("B1"), cancelled("B1", 2)], hidden).state)).toBe("Hidden");
  });

  it("a duplicate event changes nothing (skip-stale)", () => {
    const once = deliver([created("B1"), confirmed("B1", 2)]).state;
    const decision = decideHoldChange(once, null, confirmed("B1", 2));
    expect(decision.kind).toBe("skip-stale");
  });

  it("an event for an object held by another booking is a hold mismatch naming the active deal", () => {
    const held = deliver([created("B1")]).state;
    const decision = decideHoldChange(held, null, confirmed("B2", 2));
    expect(decision).toMatchObject({
      kind: "hold-mismatch",
      activeBookingId: "B1",
      activeDealId: "deal-of-B1",
    });
  });

  it("a release for a booking that is not the active hold changes nothing (old booking of the same deal)", () => {
    const held = deliver([created("B2", 1)]).state;
    const oldOfSameDeal = ev("B1", 5, { kind: "release", reason: "cancelled" }, "deal-of-B2");
    const decision = decideHoldChange(held, null, oldOfSameDeal);
    expect(decision.kind).toBe("skip-not-active-hold");
  });

  it("a booking event on a sold object is a hold mismatch", () => {
    const soldState = deliver([created("B1"), confirmed("B1", 2), sold("B1", 3)]).state;
    expect(decideHoldChange(soldState, null, created("B2")).kind).toBe("hold-mismatch");
  });
});

describe("decideHoldChange — releases of a booking that does not hold the object (decision 0066)", () => {
  const SECOND = 1_000;
  const heldByB1 = deliver([created("B1")]).state; // held since minute 1

  it("INV-CHS-003: an event of the holding BookingId that names another DealId is dead-lettered at once", () => {
    for (const event of [
      ev("B1", 2, { kind: "release", reason: "cancelled" }, "other-deal"),
      ev("B1", 2, { kind: "book", bookedUntil: at(24 * 60) }, "other-deal"),
    ]) {
      const decision = decideHoldChange(heldByB1, null, event);
      expect(decision).toMatchObject({ kind: "hold-mismatch", retriable: false, activeBookingId: "B1" });
    }
  });

  it("a release overtaken by the next booking of the same object stays quiet (tombstone, no mismatch)", () => {
    const heldByB2 = deliver([created("B2")]).state; // B2 began at minute 1001
    const decision = decideHoldChange(heldByB2, null, expired("B1", 2)); // B1 ended at minute 2
    expect(decision.kind).toBe("skip-not-active-hold");
  });

  it("a release that overtook its own booking-created on a free object stays quiet", () => {
    expect(decideHoldChange(FREE, null, cancelled("B1", 2)).kind).toBe("skip-not-active-hold");
  });

  it("a release of a booking that held the object before (tombstone) stays quiet whoever holds it now", () => {
    const heldByB2 = deliver([created("B2")]).state;
    const forced: Tombstone = {
      bookingId: "B3",
      dealId: "deal-of-B3",
      lastVersion: 1,
      outcome: "ForceReleased",
    };
    expect(decideHoldChange(heldByB2, forced, cancelled("B3", 2)).kind).toBe("skip-not-active-hold");
  });

  it("a release of another booking that ended after the current hold began is a retriable hold mismatch", () => {
    const decision = decideHoldChange(heldByB1, null, cancelled("B2", 2));
    expect(decision).toMatchObject({
      kind: "hold-mismatch",
      retriable: true,
      activeBookingId: "B1",
      activeDealId: "deal-of-B1",
    });
  });

  it("…which the holder's own late release then explains: parked once, ends Free, nothing dead-lettered", () => {
    const { state, mismatches, deadLettered } = deliver([
      created("B1"),
      cancelled("B2", 2),
      expired("B1", 2),
      created("B2"),
    ]);
    expect(deriveStatus(state)).toBe("Free");
    expect(mismatches).toBeGreaterThan(0);
    expect(deadLettered).toEqual([]);
  });

  it("a release after the object was sold can never be explained: dead-lettered at once", () => {
    const soldState = deliver([created("B1"), confirmed("B1", 2), sold("B1", 3)]).state; // sold at minute 300
    const late = ev("B2", 2, { kind: "release", reason: "cancelled" }, "deal-of-B2", at(400));
    expect(decideHoldChange(soldState, null, late)).toMatchObject({
      kind: "hold-mismatch",
      retriable: false,
    });
    const early = ev("B2", 2, { kind: "release", reason: "cancelled" }, "deal-of-B2", at(299));
    expect(decideHoldChange(soldState, null, early).kind).toBe("skip-not-active-hold");
  });

  it("a release that ended at or before the current hold began stays quiet (crm's order: the next booking starts after)", () => {
    const release = ev("B0", 2, { kind: "release", reason: "expired" }, "deal-of-B0", at(1));
    expect(decideHoldChange(heldByB1, null, release).kind).toBe("skip-not-active-hold");
  });

  it(`a foreign release within the ${RELEASE_ORDER_SKEW_TOLERANCE_MS / SECOND} s clock-skew tolerance after the hold began is never acked silently: a retriable hold mismatch, parked until it can be judged (INV-CHS-003)`, () => {
    const since = at(1);
    for (const endedAt of [
      new Date(since.getTime() + 1),
      new Date(since.getTime() + RELEASE_ORDER_SKEW_TOLERANCE_MS),
    ]) {
      const release = ev("B0", 2, { kind: "release", reason: "expired" }, "deal-of-B0", endedAt);
      const decision = decideHoldChange(heldByB1, null, release);
      expect(decision).toMatchObject({
        kind: "hold-mismatch",
        retriable: true,
        activeBookingId: "B1",
        activeDealId: "deal-of-B1",
      });
      expect(decision.kind === "hold-mismatch" && decision.reason).toContain("clock skew");
    }
    const beyond = new Date(since.getTime() + RELEASE_ORDER_SKEW_TOLERANCE_MS + 1);
    const late = ev("B0", 2, { kind: "release", reason: "expired" }, "deal-of-B0", beyond);
    expect(decideHoldChange(heldByB1, null, late)).toMatchObject({ kind: "hold-mismatch", retriable: true });
  });

  it("…parked, it is judged on a retry: once the holder's own release has arrived it is explained (quiet, ends Free, nothing dead-lettered)", () => {
    const skewed = ev(
      "B0",
      2,
      { kind: "release", reason: "cancelled" },
      "deal-of-B0",
      new Date(at(1).getTime() + 2 * SECOND),
    );
    const explained = deliver([created("B1"), skewed, expired("B1", 2)]);
    expect(deriveStatus(explained.state)).toBe("Free");
    expect(explained.mismatches).toBe(1);
    expect(explained.deadLettered).toEqual([]);
  });

  it(`a foreign release within the tolerance after the sale is dead-lettered at once (a sale is final: nothing can explain it)`, () => {
    const soldState = deliver([created("B1"), confirmed("B1", 2), sold("B1", 3)]).state; // sold at minute 300
    const skewed = ev(
      "B2",
      2,
      { kind: "release", reason: "cancelled" },
      "deal-of-B2",
      new Date(at(300).getTime() + 1),
    );
    expect(decideHoldChange(soldState, null, skewed)).toMatchObject({
      kind: "hold-mismatch",
      retriable: false,
    });
    const atSale = ev("B2", 2, { kind: "release", reason: "cancelled" }, "deal-of-B2", at(300));
    expect(decideHoldChange(soldState, null, atSale).kind).toBe("skip-not-active-hold");
  });

  it("a hold taken before hold_since was recorded keeps the old quiet behaviour", () => {
    const legacy: SaleState = { ...heldByB1, hold: { ...heldByB1.hold!, heldSince: null } };
    expect(decideHoldChange(legacy, null, cancelled("B2", 2)).kind).toBe("skip-not-active-hold");
  });
});

describe("decideHoldChange — every cross-topic reordering of one booking", () => {
  const scenarios: Array<{
    name: string;
    events: BookingEvent[];
    status: string;
    bookedUntil?: Date | null;
  }> = [
    {
      name: "created → confirmed → extended → sold",
      events: [created("B1"), confirmed("B1", 2), extended("B1", 3, 48), sold("B1", 4)],
      status: "Sold",
    },
    { name: "created → expired (reserve phase)", events: [created("B1"), expired("B1", 2)], status: "Free" },
    {
      name: "created → confirmed → expired (booking phase)",
      events: [created("B1"), confirmed("B1", 2), expired("B1", 3)],
      status: "Free",
    },
    { name: "created → cancelled", events: [created("B1"), cancelled("B1", 2)], status: "Free" },
    {
      name: "paid branch: created → (AwaitingPayment, no event) → confirmed v3",
      events: [created("B1"), confirmed("B1", 3)],
      status: "Booked",
      bookedUntil: at(24 * 60),
    },
    {
      name: "created → confirmed → extended → extended",
      events: [created("B1"), confirmed("B1", 2), extended("B1", 3, 48), extended("B1", 4, 72)],
      status: "Booked",
      bookedUntil: at(72 * 60),
    },
    {
      name: "created → confirmed → extended → cancelled",
      events: [created("B1"), confirmed("B1", 2), extended("B1", 3, 48), cancelled("B1", 4)],
      status: "Free",
    },
  ];

  for (const scenario of scenarios) {
    it(`${scenario.name}: every permutation ends ${scenario.status}`, () => {
      for (const order of allOrders(scenario.events)) {
        const { state, mismatches, deadLettered } = deliver(order);
        expect(deriveStatus(state), label(order)).toBe(scenario.status);
        expect(mismatches, label(order)).toBe(0);
        expect(deadLettered, label(order)).toEqual([]);
        if (scenario.bookedUntil !== undefined)
          expect(state.hold?.bookedUntil, label(order)).toEqual(scenario.bookedUntil);
      }
    });
  }
});

describe("decideHoldChange — every reordering of two consecutive bookings on one object", () => {
  const firstEndings: Array<[string, BookingEvent[]]> = [
    ["B1 expired in reserve", [created("B1"), expired("B1", 2)]],
    ["B1 cancelled after confirm", [created("B1"), confirmed("B1", 2), cancelled("B1", 3)]],
    ["B1 expired after booking", [created("B1"), confirmed("B1", 2), expired("B1", 3)]],
  ];
  const seconds: Array<[string, BookingEvent[], string]> = [
    ["B2 reserved", [created("B2")], "Reserved"],
    ["B2 booked", [created("B2"), confirmed("B2", 2)], "Booked"],
    ["B2 sold", [created("B2"), confirmed("B2", 2), sold("B2", 3)], "Sold"],
    ["B2 cancelled", [created("B2"), cancelled("B2", 2)], "Free"],
  ];

  for (const [firstName, first] of firstEndings) {
    for (const [secondName, second, status] of seconds) {
      it(`${firstName}, then ${secondName}: every permutation ends ${status} and B2 holds when active`, () => {
        for (const order of allOrders(first, second)) {
          const { state, deadLettered } = deliver(order);
          expect(deriveStatus(state), label(order)).toBe(status);
          // Legitimate reorderings stay quiet: nothing reaches the DLQ.
          expect(deadLettered, label(order)).toEqual([]);
          if (status === "Reserved" || status === "Booked")
            expect(state.hold?.bookingId, label(order)).toBe("B2");
        }
      });
    }
  }
});

describe("decideHoldExpiration", () => {
  const GRACE_MS = 10 * 60_000;
  const reserved = deliver([created("B1")]).state;

  it("keeps a hold within its deadline plus grace", () => {
    expect(decideHoldExpiration(reserved, at(60 + 10), GRACE_MS).kind).toBe("keep");
  });

  it("releases a reserve still present grace after ReservedUntil, tombstoned at the hold's version", () => {
    const decision = decideHoldExpiration(reserved, at(60 + 11), GRACE_MS);
    expect(decision).toMatchObject({
      kind: "release",
      tombstone: { bookingId: "B1", lastVersion: 1, outcome: "ForceReleased" },
    });
  });

  it("an extended booking is judged by its moved BookedUntil", () => {
    const extendedState = deliver([created("B1"), confirmed("B1", 2), extended("B1", 3, 48)]).state;
    expect(decideHoldExpiration(extendedState, at(24 * 60 + 30), GRACE_MS).kind).toBe("keep");
    expect(decideHoldExpiration(extendedState, at(48 * 60 + 11), GRACE_MS).kind).toBe("release");
  });

  it("a sold object is never released", () => {
    const soldState = deliver([created("B1"), confirmed("B1", 2), sold("B1", 3)]).state;
    expect(decideHoldExpiration(soldState, at(100_000), GRACE_MS).kind).toBe("keep");
  });

  it("after a force release a newer event of the same booking takes the object back, older ones are stale", () => {
    const decision = decideHoldExpiration(reserved, at(200), GRACE_MS);
    if (decision.kind !== "release") throw new Error("expected release");
    expect(decideHoldChange(decision.next, decision.tombstone, created("B1")).kind).toBe("skip-stale");
    const late = decideHoldChange(decision.next, decision.tombstone, confirmed("B1", 2));
    expect(late.kind).toBe("apply");
  });
});
