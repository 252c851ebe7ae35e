import { describe, expect, it } from "vitest";
import {
  conversionRatios,
  DEALS_SOURCE,
  type Dimension,
  dimensionRowOf,
  enrich,
  eventDateOf,
  planBatch,
  planStageBatch,
  propertyObjectsOf,
  readBookingCreated,
  readDealSaleStarted,
} from "./funnel.js";
import { funnelDeveloperOf, funnelSql, validateFunnelFilter } from "./funnel-query.js";

const DEV = "0b5e1d7a-0000-4000-8000-000000000001";
const OTHER_DEV = "0b5e1d7a-0000-4000-8000-000000000002";
const PO = "11111111-1111-4111-8111-111111111111";
const B1 = "22222222-2222-4222-8222-222222222221";
const dim: Dimension = {
  DeveloperId: DEV,
  ProjectId: "33333333-3333-4333-8333-333333333333",
  BuildingId: "44444444-4444-4444-8444-444444444444",
  LayoutGroupId: "",
  LayoutId: "55555555-5555-4555-8555-555555555555",
  PropertyObjectId: PO,
};
const booking = (over: Record<string, unknown> = {}) => ({
  BookingId: B1,
  PropertyObjectId: PO,
  TenantId: DEV,
  CreatedAt: "2026-03-01T10:00:00.000Z",
  ...over,
});

describe("devstats funnel (pure)", () => {
  it("EventDate = toDate(CreatedAt) in UTC, whatever the offset of the instant", () => {
    expect(eventDateOf("2026-03-01T23:30:00Z")).toBe("2026-03-01");
    expect(eventDateOf("2026-03-02T01:30:00+03:00")).toBe("2026-03-01");
    expect(eventDateOf("2026-03-01T22:30:00-03:00")).toBe("2026-03-02");
    expect(eventDateOf("2026-03-01")).toBeNull();
    expect(eventDateOf("1969-12-31T23:59:59Z")).toBeNull();
  });

  it("payload validation: the four fields, UUIDs lower-cased, the rest ignored", () => {
    const ok = readBookingCreated(booking({ BookingId: B1.toUpperCase(), Extra: 1 }));
    expect(ok).toEqual({
      ok: true,
      value: {
        bookingId: B1,
        propertyObjectId: PO,
        tenantId: DEV,
        createdAt: "2026-03-01T10:00:00.000Z",
        eventDate: "2026-03-01",
      },
    });
    expect(readBookingCreated(booking({ PropertyObjectId: undefined }))).toEqual({
      ok: false,
      reason: "PropertyObjectId is missing",
    });
    expect(readBookingCreated(booking({ TenantId: "x'; DROP" }))).toMatchObject({ ok: false });
    expect(readBookingCreated(booking({ CreatedAt: "yesterday" }))).toMatchObject({ ok: false });
    expect(readBookingCreated(null)).toMatchObject({ ok: false });
  });

  it("enrichment: late dimension, tenant guard fail-closed, partial row", () => {
    const fact = readBookingCreated(booking());
    if (!fact.ok) throw new Error("fixture");
    expect(enrich(fact.value, undefined)).toEqual({ kind: "late-dimension" });
    expect(enrich(fact.value, { ...dim, DeveloperId: OTHER_DEV })).toEqual({
      kind: "tenant-mismatch",
      dimensionDeveloperId: OTHER_DEV,
    });
    expect(enrich(fact.value, dim)).toEqual({
      kind: "row",
      row: { ...dim, EventDate: "2026-03-01", BookingId: B1 },
    });
  });

  it("batch plan: duplicates of a MessageId dropped, one outcome per message, rows only for applied", () => {
    const items = [
      { messageId: "m1", payload: booking() },
      { messageId: "m1", payload: booking() },
      { messageId: "m2", payload: booking() }, // same booking, other message: one row only
      { messageId: "m3", payload: booking({ TenantId: OTHER_DEV }) },
      { messageId: "m4", payload: booking({ PropertyObjectId: "66666666-6666-4666-8666-666666666666" }) },
      { messageId: "m5", payload: { BookingId: B1 } },
    ];
    const facts = items.map((i) => readBookingCreated(i.payload));
    expect(propertyObjectsOf(facts)).toEqual([PO, "66666666-6666-4666-8666-666666666666"]);
    const plan = planBatch(items, facts, new Map([[PO, dim]]));
    expect(plan.outcomes.map((o) => o.kind)).toEqual([
      "applied",
      "duplicate-in-batch",
      "applied",
      "tenant-mismatch",
      "late-dimension",
      "invalid",
    ]);
    expect(plan.rows).toHaveLength(1);
  });

  it("batch plan: the same booking on another day is another slice and still written", () => {
    const items = [
      { messageId: "m1", payload: booking() },
      { messageId: "m2", payload: booking({ CreatedAt: "2026-03-02T10:00:00.000Z" }) },
      { messageId: "m3", payload: booking() },
    ];
    const plan = planBatch(
      items,
      items.map((i) => readBookingCreated(i.payload)),
      new Map([[PO, dim]]),
    );
    expect(plan.rows.map((r) => r.EventDate)).toEqual(["2026-03-01", "2026-03-02"]);
    expect(plan.outcomes.every((o) => o.kind === "applied")).toBe(true);
  });

  it("dimension rows: UpsertedAt is the event's UpdatedAt (UTC seconds), layouts may be absent", () => {
    const row = dimensionRowOf({
      Id: PO,
      TenantId: DEV,
      ProjectId: dim.ProjectId,
      BuildingId: dim.BuildingId,
      LayoutGroupId: null,
      LayoutId: dim.LayoutId,
      UpdatedAt: "2026-02-01T12:34:56.789+03:00",
      Version: 4,
    });
    expect(row).toEqual({ ok: true, value: { ...dim, UpsertedAt: "2026-02-01 09:34:56", Version: 4 } });
    expect(dimensionRowOf({ Id: "nope" })).toMatchObject({ ok: false });
  });

  it("conversion ratios between consecutive filled stages: empty stages are stepped over, fewer than two filled → none", () => {
    const ratios = conversionRatios({
      Views: 100,
      Favorites: 0,
      Selections: 20,
      Leads: 10,
      Bookings: 5,
      Deals: 0,
    });
    expect(ratios).toEqual([
      { from: "Views", to: "Selections", ratio: 0.2 },
      { from: "Selections", to: "Leads", ratio: 0.5 },
      { from: "Leads", to: "Bookings", ratio: 0.5 },
    ]);
    const observed = { Views: 0, Favorites: 0, Selections: 0, Leads: 0, Bookings: 120, Deals: 42 };
    expect(conversionRatios(observed)).toEqual([{ from: "Bookings", to: "Deals", ratio: 0.35 }]);
    expect(conversionRatios({ ...observed, Deals: 0 })).toEqual([]);
    expect(conversionRatios({ ...observed, Bookings: 0 })).toEqual([]);
  });

  it("deal-sale-started: the four fields read (DealId, PropertyObjectId, TenantId, SoldAt), the rest ignored", () => {
    const D1 = "66666666-6666-4666-8666-666666666661";
    const sale = (over: Record<string, unknown> = {}) => ({
      BookingId: B1,
      DealId: D1.toUpperCase(),
      PropertyObjectId: PO,
      TenantId: DEV,
      Version: 3,
      Status: "Completed",
      SoldAt: "2026-03-02T01:30:00+03:00",
      StartedByUserId: "u-1",
      ...over,
    });
    expect(readDealSaleStarted(sale({ Extra: [1] }))).toEqual({
      ok: true,
      value: {
        dealId: D1,
        propertyObjectId: PO,
        tenantId: DEV,
        soldAt: "2026-03-02T01:30:00+03:00",
        eventDate: "2026-03-01",
      },
    });
    // Fields it does not read may be absent or odd: tolerant reader.
    const { BookingId: _b, Version: _v, Status: _s, StartedByUserId: _u, ...minimal } = sale();
    expect(readDealSaleStarted(minimal)).toMatchObject({ ok: true });
    expect(readDealSaleStarted(sale({ Status: "SomethingNew" }))).toMatchObject({ ok: true });
    expect(readDealSaleStarted(sale({ DealId: undefined }))).toEqual({
      ok: false,
      reason: "DealId is missing",
    });
    expect(readDealSaleStarted(sale({ TenantId: "x" }))).toEqual({
      ok: false,
      reason: "TenantId is not a UUID",
    });
    expect(readDealSaleStarted(sale({ SoldAt: 17 }))).toEqual({ ok: false, reason: "SoldAt is missing" });
    expect(readDealSaleStarted(sale({ SoldAt: "2026-03-01" }))).toMatchObject({ ok: false });
    expect(readDealSaleStarted("[]")).toMatchObject({ ok: false });

    const items = [
      { messageId: "m1", payload: sale() },
      { messageId: "m2", payload: sale() }, // same deal, another message: one row
      { messageId: "m3", payload: sale({ TenantId: OTHER_DEV }) },
    ];
    const plan = planStageBatch(
      DEALS_SOURCE,
      items,
      items.map((i) => readDealSaleStarted(i.payload)),
      new Map([[PO, dim]]),
    );
    expect(plan.rows).toEqual([{ ...dim, EventDate: "2026-03-01", DealId: D1 }]);
    expect(plan.outcomes.map((o) => o.kind)).toEqual(["applied", "applied", "tenant-mismatch"]);
  });
});

describe("devstats read scope and statement", () => {
  const viewer = (roles: string[], tenantId: string | null = null) =>
    ({ userId: "u", roles, tenantId }) as Parameters<typeof funnelDeveloperOf>[0];

  it("developer staff read only their own developer; platform staff must pick one; others refused", () => {
    expect(funnelDeveloperOf(viewer(["developer_manager"], DEV), null)).toBe(DEV);
    expect(() => funnelDeveloperOf(viewer(["developer_manager"], DEV), OTHER_DEV)).toThrow(
      /Only developer staff/,
    );
    expect(funnelDeveloperOf(viewer(["pin_manager"]), OTHER_DEV)).toBe(OTHER_DEV);
    expect(() => funnelDeveloperOf(viewer(["admin"]), null)).toThrow(/must name the developer/);
    expect(() => funnelDeveloperOf(viewer(["agent"]), DEV)).toThrow(/Only developer staff/);
    expect(() => funnelDeveloperOf(viewer(["investor"]), null)).toThrow(/Only developer staff/);
    expect(() => funnelDeveloperOf(null, DEV)).toThrow(/Only developer staff/);
  });

  it("filters: UUIDs and dates validated before any SQL is built; uniqMerge, never FINAL", () => {
    const base = { from: "2026-03-01", to: "2026-03-31", groupBy: "DAY" as const };
    expect(() => validateFunnelFilter({ ...base, projectId: "1' OR 1=1" }, DEV)).toThrow(/projectId/);
    expect(() => validateFunnelFilter({ ...base, from: "2026-04-01" }, DEV)).toThrow(/after/);
    expect(() => validateFunnelFilter({ ...base, from: "2020-01-01" }, DEV)).toThrow(/exceeds/);
    const sql = funnelSql("pin_dev_stats", validateFunnelFilter({ ...base, propertyObjectId: PO }, DEV));
    expect(sql).toContain(`PropertyObjectId = '${PO}'`);
    expect(sql).toContain("uniqMerge(Bookings)");
    expect(sql).toContain("GROUP BY EventDate");
    expect(sql).not.toMatch(/FINAL/i);
  });
});
