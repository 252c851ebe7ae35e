import { describe, expect, it } from "vitest";
import { boxAround, validateBoundingBox, validateNear } from "./geo.js";
import { quarterEnd, validateLotFilter } from "./lot-filter.js";
import { parseSearchQuery, QUERY_MAX_LENGTH } from "./search-query.js";

describe("search query q", () => {
  it("folds case and ё, strips invisible characters, collapses spaces; blank is no query", () => {
    expect(parseSearchQuery("  ЖК  «Солнечный»\u200b Ёлки ")).toEqual({
      text: "жк «солнечный» елки",
      words: ["солнечный", "елки"],
      typoTolerant: false,
      fixable: ["солнечный", "елки"],
      kept: "жк",
      plain: true,
    });
    expect(parseSearchQuery("   ")).toBeNull();
    expect(parseSearchQuery(null)).toBeNull();
  });

  it("plain (decision 0534): no websearch syntax, no apostrophe or backslash", () => {
    expect(parseSearchQuery("Солнечный 2-комн. Красногорск")?.plain).toBe(true);
    for (const q of ["О'Брайен", "a\\b", '"ЖК"']) expect(parseSearchQuery(q)?.plain).toBe(false);
  });

  it("a query with a digit has no typo words («2-комн.» must not become «комн»)", () => {
    expect(parseSearchQuery("2-комн. Красногорск")?.words).toEqual([]);
  });

  it("the typo fallback corrects letter words only: numbers and short words stay exact; websearch syntax is never corrected", () => {
    expect(parseSearchQuery("2-комн. Красногорк 840")).toMatchObject({
      fixable: ["комн", "красногорк"],
      kept: "2 840",
    });
    for (const q of ['"ЖК Солнечный"', "квартира -студия", "Солнечный or Лесной"])
      expect(parseSearchQuery(q)).toMatchObject({ fixable: [], kept: "", plain: false });
  });

  it("over 200 characters is CATALOG_INVALID_FILTER", () => {
    expect(() => parseSearchQuery("я".repeat(QUERY_MAX_LENGTH + 1))).toThrow(
      expect.objectContaining({ code: "CATALOG_INVALID_FILTER" }),
    );
  });
});

describe("geo", () => {
  it("validates viewports and radii", () => {
    expect(validateBoundingBox("bbox", { south: 55, west: 37, north: 56, east: 38 })).toEqual({
      south: 55,
      west: 37,
      north: 56,
      east: 38,
    });
    for (const bad of [
      { south: 56, west: 37, north: 55, east: 38 },
      { south: 55, west: 38, north: 56, east: 37 },
      { south: -91, west: 0, north: 0, east: 1 },
      { south: 0, west: 0, north: 1, east: Number.NaN },
    ])
      expect(() => validateBoundingBox("bbox", bad)).toThrow(
        expect.objectContaining({ code: "CATALOG_INVALID_FILTER" }),
      );
    expect(() => validateNear({ latitude: 55, longitude: 37, radiusKm: 0 })).toThrow();
    expect(() => validateNear({ latitude: 55, longitude: 37, radiusKm: 201 })).toThrow();
  });

  it("the box around a 10 km circle at 60° N is ~0.09° tall and twice as wide", () => {
    const b = boxAround({ latitude: 60, longitude: 30, radiusKm: 10 });
    expect(b.north - b.south).toBeCloseTo(0.1797, 3);
    expect(b.east - b.west).toBeCloseTo(0.3593, 3);
  });
});

describe("new filters", () => {
  it("quarter ends", () => {
    expect(quarterEnd({ year: 2027, quarter: 1 }).toISOString().slice(0, 10)).toBe("2027-03-31");
    expect(quarterEnd({ year: 2028, quarter: 4 }).toISOString().slice(0, 10)).toBe("2028-12-31");
  });

  it("bounds: floors, readiness, distance, quarter, price per metre, class values", () => {
    for (const bad of [
      { floorMin: 301 },
      { floorMin: 3, floorMax: 2 },
      { readinessMin: -1 },
      { distanceMinutesMax: 1001 },
      { deliveryByQuarter: { year: 1999, quarter: 1 } },
      { pricePerMeterMin: "1e5" },
      { propertyClasses: ["Luxury"] as never },
    ])
      expect(() => validateLotFilter(bad)).toThrow(
        expect.objectContaining({ code: "CATALOG_INVALID_FILTER" }),
      );
  });
});
