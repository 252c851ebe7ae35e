import { describe, expect, it } from "vitest";
import {
  FLOORS_MAX,
  OBJECTS_PER_BUILDING_MAX,
  requireRoomForObject,
  SECTIONS_MAX,
  validateBuilding,
  validateProject,
  validatePropertyObject,
} from "./structure.validation.js";

const building = { floorsTotal: 9, sectionsCount: 2 };
const ok = {
  number: "101",
  floor: 1,
  section: 1,
  rooms: 2,
  totalArea: "54.30",
  livingArea: "30.00",
  price: "9000000.00",
};

describe("validatePropertyObject", () => {
  it("accepts a valid apartment", () => {
    expect(() => validatePropertyObject(ok, building)).not.toThrow();
  });
  it.each([
    ["floor above the building", { floor: 10 }],
    ["section beyond the building", { section: 3 }],
    ["too many rooms", { rooms: 21 }],
    ["zero area", { totalArea: "0" }],
    ["living area above total", { livingArea: "60.00" }],
    ["negative price", { price: "-1" }],
    ["empty number", { number: " " }],
  ])("refuses %s with CHESSBOARD_INVALID_INPUT", (_name, patch) => {
    expect(() => validatePropertyObject({ ...ok, ...patch }, building)).toThrowError(
      expect.objectContaining({ code: "CHESSBOARD_INVALID_INPUT" }),
    );
  });
});

const invalidInput = expect.objectContaining({ code: "CHESSBOARD_INVALID_INPUT" });

describe("validateBuilding: structural numbers bounded to real buildings", () => {
  const building = { name: "Tower 1", floorsTotal: 25, sectionsCount: 4 };
  it("accepts a real building and the largest allowed one", () => {
    expect(() => validateBuilding(building)).not.toThrow();
    expect(() =>
      validateBuilding({ ...building, floorsTotal: FLOORS_MAX, sectionsCount: SECTIONS_MAX }),
    ).not.toThrow();
  });
  it.each([
    ["an absurd sectionsCount", { sectionsCount: 1_000_000 }],
    ["sectionsCount above the bound", { sectionsCount: SECTIONS_MAX + 1 }],
    ["floorsTotal above the bound", { floorsTotal: FLOORS_MAX + 1 }],
    ["zero floors", { floorsTotal: 0 }],
    ["delivery year 99999", { deliveryYear: 99_999 }],
    ["a NUL byte in the name", { name: "Tower\u0000" }],
    ["a 257-character name", { name: "x".repeat(257) }],
    ["a lone surrogate in the address", { addressLine: "street \uD800" }],
  ])("refuses %s", (_name, patch) => {
    expect(() => validateBuilding({ ...building, ...patch })).toThrowError(invalidInput);
  });
});

describe("validateProject", () => {
  const project = {
    name: "Riverside",
    country: { id: 1, name: "Russia", isoCode: "RU" },
    region: null,
    city: { id: 2, name: "Moscow" },
    addressLine: "Embankment 1",
    geo: { latitude: "55.751244", longitude: "37.618423" },
  };
  it("accepts a real project", () => expect(() => validateProject(project)).not.toThrow());
  it.each([
    ["a latitude beyond ±90", { geo: { latitude: "123.0", longitude: "1" } }],
    ["a geo value overflowing numeric(9,6)", { geo: { latitude: "1.1234567", longitude: "1" } }],
    ["a lowercase ISO code", { country: { id: 1, name: "Russia", isoCode: "ru" } }],
    ["distanceMinutes of a year", { distanceMinutes: 525_600 }],
    ["a 4,001-character description", { shortDescription: "x".repeat(4_001) }],
  ])("refuses %s", (_name, patch) => {
    expect(() => validateProject({ ...project, ...patch })).toThrowError(invalidInput);
  });
});

describe("objects: numbers fit their columns; a building holds a bounded number of objects", () => {
  it.each([
    ["a price overflowing numeric(14,2)", { price: "1000000000000.00" }],
    ["an area overflowing numeric(10,2)", { totalArea: "100000000.00" }],
    ["a capacity of a stadium", { capacity: 100_000 }],
    ["a repeated window view", { windowViews: ["Sea", "Sea"] }],
    ["a floor above FLOORS_MAX on a building stored before the bounds", { floor: FLOORS_MAX + 1 }],
  ])("refuses %s", (_name, patch) => {
    expect(() =>
      validatePropertyObject({ ...ok, ...patch }, { floorsTotal: 1_000_000, sectionsCount: 2 }),
    ).toThrowError(invalidInput);
  });
  it("refuses the object beyond OBJECTS_PER_BUILDING_MAX", () => {
    expect(() => requireRoomForObject(OBJECTS_PER_BUILDING_MAX - 1)).not.toThrow();
    expect(() => requireRoomForObject(OBJECTS_PER_BUILDING_MAX)).toThrowError(invalidInput);
  });
});
