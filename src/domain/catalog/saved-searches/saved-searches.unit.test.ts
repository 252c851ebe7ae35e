import { describe, expect, it } from "vitest";
import { validateLotFilter } from "../storefront/lot-filter.js";
import { DIGEST_ABOVE, decideAlertDrafts } from "./alert-drafts.js";
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

describe("alert drafts", () => {
  const search = { id: "5e000000-0000-4000-8000-000000000001", userId: "u1", name: "Двушка" };
  const match = (n: number) => ({
    lotId: `b0000000-0000-4000-8000-00000000000${n}`,
    title: "2-комн. квартира",
    price: "4900000.00",
    reason: "PriceDrop" as const,
  });

  it(`one SavedSearchMatch a lot up to ${DIGEST_ABOVE}, a digest above; source ids are stable`, () => {
    const few = decideAlertDrafts(search, [match(1), match(2)], "2026-01-01");
    expect(few.map((d) => d.draft.kind)).toEqual(["SavedSearchMatch", "SavedSearchMatch"]);
    expect(few[0]!.draft.title).toMatch(/^«Двушка»: цена снижена — 2-комн\. квартира, 4\s900\s000 ₽$/);
    expect(decideAlertDrafts(search, [match(1), match(2)], "2026-01-01")[0]!.sourceId).toBe(few[0]!.sourceId);
    expect(decideAlertDrafts(search, [match(1)], "2026-01-02")[0]!.sourceId).not.toBe(few[0]!.sourceId);
    const many = decideAlertDrafts(search, [1, 2, 3, 4].map(match), "2026-01-01");
    expect(many).toHaveLength(1);
    expect(many[0]!.draft).toMatchObject({
      kind: "SavedSearchDigest",
      lotId: null,
      savedSearchId: search.id,
    });
    expect(many[0]!.draft.title).toBe("«Двушка»: 4 новых предложений");
  });
});
