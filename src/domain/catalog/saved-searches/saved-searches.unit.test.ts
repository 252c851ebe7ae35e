import { describe, expect, it } from "vitest";
import { validateLotFilter } from "../storefront/lot-filter.js";
import { DIGEST_ABOVE, decideUserAlerts } from "./alert-drafts.js";
import { lotMatchesFilter, type MatchableLot } from "./lot-matches-filter.js";
import { savedFilterFromJson, savedFilterToJson } from "./saved-search-filter.js";

const LOT: MatchableLot = {
  id: "b0000000-0000-4000-8000-000000000001",
  regionId: 50,
  cityId: 501,
  projectId: "a1000000-0000-4000-8000-000000000001",
  developerId: "d1000000-0000-4000-8000-000000000001",
  rooms: 2,
  price: "4900000.00",
  pricePerMeter: "75384.62",
  areaTotal: "65.00",
  deliveryDate: new Date("2027-06-30T00:00:00Z"),
  projectKind: "ResidentialComplex",
  propertyType: "Apartment",
  latitude: 55.8317,
  longitude: 37.3295,
  floor: 9,
  floorsTotal: 9,
  propertyClass: "Comfort",
  constructionStatus: "InProgress",
  readinessPercent: 40,
  distanceMinutes: 10,
};

describe("lotMatchesFilter (the TypeScript twin of lotPredicate)", () => {
  const matches = (f: Parameters<typeof validateLotFilter>[0]) => lotMatchesFilter(validateLotFilter(f), LOT);

  it("matches each filter the lot satisfies and rejects each it does not", () => {
    const yes = [
      {},
      { cityIds: [501], rooms: [2], priceMax: "5000000" },
      { priceMin: "4900000", areaMin: "65", areaMax: "65" },
      { deliveryByQuarter: { year: 2027, quarter: 2 } },
      { near: { latitude: 55.83, longitude: 37.33, radiusKm: 1 } },
      { bbox: { south: 55.8, west: 37.3, north: 55.9, east: 37.4 } },
      { floorMin: 9, notFirstFloor: true, propertyClasses: ["Comfort" as const] },
      { readinessMin: 40, distanceMinutesMax: 10, pricePerMeterMax: "75384.62" },
    ];
    const no = [
      { cityIds: [77] },
      { priceMax: "4899999.99" },
      { deliveryByQuarter: { year: 2027, quarter: 1 } },
      { deliveryBy: new Date("2027-06-29T00:00:00Z") },
      { near: { latitude: 55.75, longitude: 37.62, radiusKm: 18 } },
      { notLastFloor: true },
      { constructionStatuses: ["Planned" as const] },
      { readinessMin: 41 },
      { distanceMinutesMax: 9 },
      { pricePerMeterMin: "75384.63" },
      { types: ["Parking" as const] },
    ];
    for (const f of yes) expect(matches(f), JSON.stringify(f)).toBe(true);
    for (const f of no) expect(matches(f), JSON.stringify(f)).toBe(false);
  });

  it("unknown values do not match bounds (null readiness, unknown height for notLastFloor)", () => {
    const unknown = { ...LOT, readinessPercent: null, floorsTotal: null, latitude: null, longitude: null };
    expect(lotMatchesFilter(validateLotFilter({ readinessMin: 0 }), unknown)).toBe(false);
    expect(lotMatchesFilter(validateLotFilter({ notLastFloor: true }), unknown)).toBe(false);
    expect(
      lotMatchesFilter(
        validateLotFilter({ bbox: { south: -90, west: -180, north: 90, east: 180 } }),
        unknown,
      ),
    ).toBe(false);
  });
});

describe("saved filter JSON", () => {
  it("round-trips in the LotFilter input's shape, q apart", () => {
    const f = validateLotFilter({
      q: "студия",
      rooms: [0],
      deliveryBy: new Date("2027-03-31T00:00:00Z"),
      notFirstFloor: true,
    });
    const json = savedFilterToJson(f);
    expect(json).toEqual({ rooms: [0], deliveryBy: "2027-03-31", notFirstFloor: true });
    const back = savedFilterFromJson(json, "студия");
    expect(back.rooms).toEqual([0]);
    expect(back.search?.text).toBe("студия");
    expect(back.deliveryBy?.toISOString().slice(0, 10)).toBe("2027-03-31");
  });
});

describe("alert drafts (decisions 0365, 0581)", () => {
  const search = { id: "5e000000-0000-4000-8000-000000000001", userId: "u1", name: "Двушка" };
  const other = { ...search, id: "5e000000-0000-4000-8000-000000000002", name: "Всё" };
  const match = (n: number, s = search) => ({
    lotId: `b0000000-0000-4000-8000-0000000000${String(n).padStart(2, "0")}`,
    title: "2-комн. квартира",
    price: "4900000.00",
    reason: "PriceDrop" as const,
    search: s,
  });
  const empty = { notified: 0, digested: false, heldBack: 0 };
  const decide = (matches: ReturnType<typeof match>[], budget = empty, day = "2026-01-01", dailyCap = 20) =>
    decideUserAlerts("u1", matches, budget, { day, dailyCap });

  it(`one SavedSearchMatch a lot up to ${DIGEST_ABOVE}, a digest above; source ids are stable`, () => {
    const few = decide([match(1), match(2)]);
    expect(few.drafts.map((d) => d.draft.kind)).toEqual(["SavedSearchMatch", "SavedSearchMatch"]);
    expect(few.drafts[0]!.draft.title).toMatch(/^«Двушка»: цена снижена — 2-комн\. квартира, 4\s900\s000 ₽$/);
    expect(few.budget).toEqual({ notified: 2, digested: false, heldBack: 0 });
    expect(decide([match(1), match(2)]).drafts[0]!.sourceId).toBe(few.drafts[0]!.sourceId);
    expect(decide([match(1)], empty, "2026-01-02").drafts[0]!.sourceId).not.toBe(few.drafts[0]!.sourceId);
    // the source id is the user's, the lot's and the day's: another search of the user names the same alert
    expect(decide([match(1, other)]).drafts[0]!.sourceId).toBe(few.drafts[0]!.sourceId);
    const many = decide([1, 2, 3, 4].map((n) => match(n)));
    expect(many.drafts).toHaveLength(1);
    expect(many.drafts[0]!.draft).toMatchObject({
      kind: "SavedSearchDigest",
      lotId: null,
      savedSearchId: search.id,
    });
    expect(many.drafts[0]!.draft.title).toBe("«Двушка»: 4 новых предложений");
    const mixed = decide([match(1), match(2), match(3, other), match(4, other)]);
    expect(mixed.drafts[0]!.draft).toMatchObject({ kind: "SavedSearchDigest", savedSearchId: null });
    expect(mixed.drafts[0]!.draft.title).toBe("4 новых предложений по 2 сохранённым поискам");
  });

  it("the daily cap: matches up to it, then one overflow digest, then nothing that day (held back)", () => {
    const near = decide([match(1), match(2), match(3)], { notified: 19, digested: false, heldBack: 0 });
    expect(near.drafts.map((d) => d.draft.kind)).toEqual(["SavedSearchMatch", "SavedSearchDigest"]);
    expect(near.drafts[1]!.draft.title).toContain("ещё 2 новых предложений");
    expect(near.budget).toEqual({ notified: 20, digested: true, heldBack: 0 });
    const after = decide(
      [1, 2, 3, 4, 5].map((n) => match(n)),
      near.budget,
    );
    expect(after.drafts).toEqual([]);
    expect(after.budget).toEqual({ notified: 20, digested: true, heldBack: 5 });
    // at the cap with a batch above the digest threshold: the overflow digest, not a batch digest
    const full = decide(
      [1, 2, 3, 4, 5].map((n) => match(n)),
      { notified: 20, digested: false, heldBack: 0 },
    );
    expect(full.drafts).toHaveLength(1);
    expect(full.drafts[0]!.draft.title).toContain("Лимит уведомлений");
  });
});
