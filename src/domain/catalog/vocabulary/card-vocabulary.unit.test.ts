import { describe, expect, it } from "vitest";
import {
  mapConstructionStatus,
  mapGeo,
  mapProjectKind,
  mapProjectStatus,
  mapPropertyClass,
  mapPropertyObjectStatus,
  mapTypeName,
  mapView,
  truncate,
  type Warnings,
} from "./card-vocabulary.js";

function withWarnings<T>(f: (w: Warnings) => T): { value: T; warnings: Warnings } {
  const warnings: Warnings = [];
  return { value: f(warnings), warnings };
}

describe("enum mappings with warn fallbacks", () => {
  it.each([
    ["Published", "Published", 0],
    ["Draft", "Hidden", 0],
    ["Hidden", "Hidden", 0],
    ["Archived", "Delisted", 0],
    ["Deleted", "Hidden", 1],
  ])("project Status %s → %s", (input, expected, warns) => {
    const r = withWarnings((w) => mapProjectStatus(input, w));
    expect(r.value).toBe(expected);
    expect(r.warnings).toHaveLength(warns);
  });

  it.each([
    ["ResidentialComplex", "ResidentialComplex", 0],
    ["ApartHotel", "ApartHotel", 0],
    ["Hotel", "ApartHotel", 0],
    ["Villa", "ResidentialComplex", 1],
    ["Castle", "ResidentialComplex", 1],
  ])("project Type %s → Kind %s", (input, expected, warns) => {
    const r = withWarnings((w) => mapProjectKind(input, w));
    expect(r.value).toBe(expected);
    expect(r.warnings).toHaveLength(warns);
  });

  it.each([
    ["Comfort", "Comfort", 0],
    ["Business", "Business", 0],
    ["Premium", "Premium", 0],
    ["Elite", "Elite", 0],
    ["Standard", "Comfort", 1],
    ["Luxury", "Comfort", 1],
  ])("Class %s → %s", (input, expected, warns) => {
    const r = withWarnings((w) => mapPropertyClass(input, w));
    expect(r.value).toBe(expected);
    expect(r.warnings).toHaveLength(warns);
  });

  it.each([
    ["Planned", "Planned", 0],
    ["UnderConstruction", "InProgress", 0],
    ["Commissioned", "Commissioned", 0],
    ["Delivered", "Commissioned", 0],
    ["Frozen", "InProgress", 1],
  ])("ConstructionStatus %s → %s", (input, expected, warns) => {
    const r = withWarnings((w) => mapConstructionStatus(input, w));
    expect(r.value).toBe(expected);
    expect(r.warnings).toHaveLength(warns);
  });

  it("property object status is a 1:1 replica; unknown → Hidden (fail-safe) + warn", () => {
    for (const s of ["Free", "Reserved", "Booked", "Sold", "Hidden"]) {
      expect(withWarnings((w) => mapPropertyObjectStatus(s, w)).value).toBe(s);
    }
    const r = withWarnings((w) => mapPropertyObjectStatus("OnHold", w));
    expect(r.value).toBe("Hidden");
    expect(r.warnings[0]).toMatchObject({ field: "Status", value: "OnHold" });
  });
});

describe("TypeName (DSC-CAT-2)", () => {
  it("Apartment is «Квартира», or «Апартамент» in an apart-hotel", () => {
    expect(mapTypeName("Apartment", "ResidentialComplex", [])).toBe("Квартира");
    expect(mapTypeName("Apartment", "ApartHotel", [])).toBe("Апартамент");
  });
  it("Parking and Commercial whatever the kind", () => {
    expect(mapTypeName("Parking", "ApartHotel", [])).toBe("Паркинг");
    expect(mapTypeName("Commercial", "ResidentialComplex", [])).toBe("Коммерция");
  });
  it("missing or unknown → by the project's Kind + warn", () => {
    const a = withWarnings((w) => mapTypeName(null, "ApartHotel", w));
    expect(a.value).toBe("Апартамент");
    expect(a.warnings).toHaveLength(1);
    const b = withWarnings((w) => mapTypeName("Storage", "ResidentialComplex", w));
    expect(b.value).toBe("Квартира");
    expect(b.warnings).toHaveLength(1);
  });
});

describe("View", () => {
  it("the first view by the dictionary; empty → null; unknown → null + a counted fallback warning", () => {
    const w: Warnings = [];
    expect(mapView(["Sea", "City"], w)).toBe("Море");
    expect(mapView(["Street"], w)).toBe("Улица");
    expect(mapView([], w)).toBeNull();
    expect(w).toEqual([]);
    expect(mapView(["Volcano"], w)).toBeNull();
    expect(mapView(["toString"], w)).toBeNull();
    expect(w.map((x) => x.enumFallback)).toEqual(["WindowViews", "WindowViews"]);
  });
});

describe("geo snapshots", () => {
  it("id + matching snapshot → id and name", () => {
    expect(mapGeo("Region", 77, { Id: 77, Name: "Москва" }, [])).toEqual({ id: 77, name: "Москва" });
  });
  it("null id → null geo without a warning (an unpublished project)", () => {
    const r = withWarnings((w) => mapGeo("City", null, null, w));
    expect(r.value).toEqual({ id: null, name: null });
    expect(r.warnings).toHaveLength(0);
  });
  it("id without snapshot, or of another id → id kept, name null, warn", () => {
    const a = withWarnings((w) => mapGeo("Region", 77, null, w));
    expect(a.value).toEqual({ id: 77, name: null });
    expect(a.warnings).toHaveLength(1);
    const b = withWarnings((w) => mapGeo("City", 1, { Id: 2, Name: "Тверь" }, w));
    expect(b.value).toEqual({ id: 1, name: null });
    expect(b.warnings).toHaveLength(1);
  });
  it("snapshot without an id → null geo + warn", () => {
    const r = withWarnings((w) => mapGeo("Region", null, { Id: 5, Name: "X" }, w));
    expect(r.value).toEqual({ id: null, name: null });
    expect(r.warnings).toHaveLength(1);
  });
});

describe("truncation with warn", () => {
  it("keeps short text, cuts long text at the limit in code points and warns", () => {
    expect(truncate("abc", 3, "Name", [])).toBe("abc");
    const r = withWarnings((w) => truncate("😀".repeat(5), 3, "Name", w));
    expect(r.value).toBe("😀😀😀");
    expect(r.warnings[0]).toMatchObject({ field: "Name" });
  });
});
