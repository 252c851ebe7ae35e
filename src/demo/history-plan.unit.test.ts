import { describe, expect, it } from "vitest";
import { assignApartments, buyersOrder, type DemoApartment } from "./history-apartments.js";
import { type HistoryContext, HOLDING_OUTCOMES, planHistoryEntry } from "./history-plan.js";
import { demoSalesMonth } from "./sales-month.js";

const HOUR = 3_600_000;
const TODAY = Date.UTC(2026, 11, 6);

function month(nowMs: number) {
  const ctx: HistoryContext = {
    developerKey: "horizon",
    todayMs: Math.floor(nowMs / (24 * HOUR)) * 24 * HOUR,
    nowMs,
    free: { reserveMinutes: 60, bookingHours: 72 },
    paid: { reserveMinutes: 24 * 60, bookingHours: 72 },
  };
  return { ctx, entries: demoSalesMonth(ctx.todayMs).map((b) => planHistoryEntry(ctx, b)) };
}

/** A building like the demo's: 2 sections × 9 floors × 4 apartments. */
const APARTMENTS: DemoApartment[] = Array.from({ length: 2 * 9 * 4 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
  buildingId: "b1",
  number: String(1000 + i),
  floor: 1 + (Math.floor(i / 4) % 9),
  floorsTotal: 9,
  rooms: i % 4,
  readinessPercent: 60,
}));

describe("the demo history's bookings as commands (issue #44)", () => {
  // A few starting instants: early and late in a day, on different weekdays.
  const instants = [0, 1, 2, 3, 4, 5, 6].map((d) => TODAY + d * 24 * HOUR + ((d * 7 + 1) % 24) * HOUR);

  it("every step lies in the past, in order, and each booking's story fits crm's windows", () => {
    for (const now of instants) {
      const { ctx, entries } = month(now);
      for (const e of entries) {
        const at = e.steps.map((s) => s.at.getTime());
        expect(at.every((t, i) => i === 0 || t > at[i - 1]!)).toBe(true);
        expect(Math.max(...at)).toBeLessThan(now);
        expect(e.steps.slice(0, 3).map((s) => s.kind)).toEqual([
          "createDeal",
          "engageDeveloper",
          "createBooking",
        ]);
        const terms = e.paid ? ctx.paid : ctx.free;
        const confirmed = e.steps.find((s) => s.kind === "confirmBooking" || s.kind === "confirmPayment");
        if (confirmed) {
          expect(confirmed.at.getTime() - e.heldFrom.getTime()).toBeLessThanOrEqual(
            terms.reserveMinutes * 60_000,
          );
        }
        if (e.outcome === "reserved") {
          expect(e.heldFrom.getTime() + terms.reserveMinutes * 60_000).toBeGreaterThan(now + 10 * 60_000);
        }
      }
    }
  });

  it("ends like a sales month: over a fifth sold, some Booked and Reserved live, the rest lapsed or cancelled", () => {
    for (const now of instants) {
      const { entries } = month(now);
      const n = (o: string) => entries.filter((e) => e.outcome === o).length;
      expect(n("sold") / entries.length).toBeGreaterThan(0.2);
      expect(n("booked")).toBeGreaterThanOrEqual(3);
      expect(n("reserved")).toBeGreaterThanOrEqual(1);
      expect(
        n("reserveLapsed") + n("bookingLapsed") + n("cancelledReserved") + n("cancelledBooked"),
      ).toBeGreaterThan(entries.length / 3);
      expect(entries.some((e) => e.paid) && entries.some((e) => !e.paid)).toBe(true);
      expect(entries.some((e) => e.steps.some((s) => s.kind === "extendBooking"))).toBe(true);
    }
  });

  it("places every booking on an apartment, never two holds on one apartment at once", () => {
    const { entries } = month(instants[2]!);
    // enough apartments for the month, as in the demo (two buildings of the demo developer)
    const apartments = [
      ...APARTMENTS,
      ...APARTMENTS.map((a) => ({ ...a, id: a.id.replace("-8000-", "-9000-"), buildingId: "b2" })),
    ];
    const { apartmentOf, unplaced } = assignApartments(entries, buyersOrder(apartments, "horizon"));
    expect(unplaced).toEqual([]);
    const byApartment = new Map<string, typeof entries>();
    for (const e of entries) {
      const id = apartmentOf.get(e.key)!.id;
      byApartment.set(id, [...(byApartment.get(id) ?? []), e]);
    }
    for (const held of byApartment.values()) {
      expect(held.filter((e) => HOLDING_OUTCOMES.has(e.outcome)).length).toBeLessThanOrEqual(1);
      const sorted = [...held].sort((a, b) => a.heldFrom.getTime() - b.heldFrom.getTime());
      for (let i = 1; i < sorted.length; i++) {
        expect(sorted[i - 1]!.releasedAt!.getTime()).toBeLessThan(sorted[i]!.heldFrom.getTime());
      }
    }
  });

  it("buyers reach for studios and upper floors more often than for ground-floor three-room flats", () => {
    // over many orders (salts): one order of 72 apartments is a small, noisy sample
    let studios = 0;
    let threeRooms = 0;
    let upper = 0;
    let ground = 0;
    for (let salt = 0; salt < 40; salt++) {
      for (const a of buyersOrder(APARTMENTS, `salt-${salt}`).slice(0, APARTMENTS.length / 2)) {
        if (a.rooms === 0) studios++;
        if (a.rooms === 3) threeRooms++;
        if (a.floor === 9) upper++;
        if (a.floor === 1) ground++;
      }
    }
    expect(studios).toBeGreaterThan(threeRooms * 1.2);
    expect(upper).toBeGreaterThan(ground * 1.2);
  });

  it("is deterministic: the same instant gives the same plan", () => {
    expect(month(instants[0]!).entries).toEqual(month(instants[0]!).entries);
  });
});
