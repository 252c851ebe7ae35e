import { describe, expect, it } from "vitest";
import type { SaleState } from "../status/property-object-status.js";
import { decideBuildingHidden, decideBuildingStatusOnUpdate } from "./building.decide.js";

const FREE: SaleState = { hold: null, soldAt: null, hiddenSelf: false, hiddenByBuilding: false };
const HELD: SaleState = {
  ...FREE,
  hold: {
    bookingId: "b",
    dealId: "d",
    phase: "Reserved",
    version: 1,
    reservedUntil: new Date(0),
    bookedUntil: null,
  },
};

describe("decideBuildingHidden", () => {
  it("hiding cascades hiddenByBuilding to every object and sets the building Hidden", () => {
    const decision = decideBuildingHidden("Published", [{ id: "o1", status: "Free", state: FREE }], true);
    expect(decision).toEqual({
      objects: [{ id: "o1", next: { ...FREE, hiddenByBuilding: true } }],
      status: "Hidden",
    });
  });

  it("hiding is refused while any object is on hold (CHESSBOARD_PROPERTY_OBJECT_ON_HOLD)", () => {
    expect(() =>
      decideBuildingHidden("Published", [{ id: "o1", status: "Reserved", state: HELD }], true),
    ).toThrow(expect.objectContaining({ code: expect.stringContaining("ON_HOLD") }));
  });

  it("showing a shown building changes no status", () => {
    expect(decideBuildingHidden("Published", [], false).status).toBeNull();
  });
});

describe("decideBuildingStatusOnUpdate", () => {
  it("an update keeps a hidden building hidden", () => {
    expect(decideBuildingStatusOnUpdate("Hidden", "Published")).toBe("Hidden");
    expect(decideBuildingStatusOnUpdate("Published", "Draft")).toBe("Draft");
  });
});
