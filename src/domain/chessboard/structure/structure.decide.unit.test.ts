import { describe, expect, it } from "vitest";
import {
  decideObjectHidden,
  decidePriceChange,
  decideSaleStateChange,
  initialSaleState,
} from "../property-object/property-object.decide.js";
import { publishedStatus, type SaleState } from "../status/property-object-status.js";
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

describe("property object decisions", () => {
  it("a new object in a hidden building starts hidden by the building", () => {
    expect(initialSaleState("Hidden")).toEqual({ ...FREE, hiddenByBuilding: true });
    expect(initialSaleState("Published")).toEqual(FREE);
  });

  it("re-pricing an object on hold is refused; the same price is no change", () => {
    expect(() =>
      decidePriceChange({ id: "o", status: "Reserved", state: HELD, price: "10.00" }, "11"),
    ).toThrow(expect.objectContaining({ code: expect.stringContaining("ON_HOLD") }));
    expect(decidePriceChange({ id: "o", status: "Free", state: FREE, price: "10.00" }, "10")).toBeNull();
    expect(decidePriceChange({ id: "o", status: "Free", state: FREE, price: "10.00" }, "12.5")).toEqual({
      price: "12.5",
    });
  });

  it("hiding an object on hold is refused", () => {
    expect(() => decideObjectHidden({ id: "o", status: "Reserved", state: HELD }, true)).toThrow();
    expect(decideObjectHidden({ id: "o", status: "Free", state: FREE }, true)).toEqual({
      ...FREE,
      hiddenSelf: true,
    });
  });

  it("a sale state change says whether the row changes and whether the status moved", () => {
    const row = { status: "Free", hiddenSelf: false, hiddenByBuilding: false };
    expect(decideSaleStateChange(row, FREE)).toEqual({
      changed: false,
      statusMoved: false,
      publishedMoved: false,
    });
    expect(decideSaleStateChange(row, { ...FREE, hiddenSelf: true })).toEqual({
      changed: true,
      statusMoved: true,
      publishedMoved: true,
    });
    expect(
      decideSaleStateChange(
        { ...row, status: "Hidden", hiddenByBuilding: true },
        { ...FREE, hiddenSelf: true, hiddenByBuilding: true },
      ),
    ).toEqual({
      changed: true,
      statusMoved: false,
      publishedMoved: false,
    });
  });

  it("ASM-1: an object of a building that is not Published is published as Hidden; a hold still shows", () => {
    expect(publishedStatus("Free", "Published")).toBe("Free");
    expect(publishedStatus("Free", "Draft")).toBe("Hidden");
    expect(publishedStatus("Sold", "Draft")).toBe("Hidden");
    expect(publishedStatus("Free", "Hidden")).toBe("Hidden");
    expect(publishedStatus("Reserved", "Draft")).toBe("Reserved");
    expect(publishedStatus("Booked", "Hidden")).toBe("Booked");
  });

  it("ASM-1: a building's Draft ↔ Published moves the published status of its objects, not their rows", () => {
    const row = { status: "Free", hiddenSelf: false, hiddenByBuilding: false };
    expect(decideSaleStateChange(row, FREE, { before: "Draft", after: "Published" })).toEqual({
      changed: false,
      statusMoved: false,
      publishedMoved: true,
    });
    expect(decideSaleStateChange(row, FREE, { before: "Published", after: "Draft" })).toEqual({
      changed: false,
      statusMoved: false,
      publishedMoved: true,
    });
    // inside a Draft building hiding an object changes its row, not what the storefront is told
    expect(
      decideSaleStateChange(row, { ...FREE, hiddenSelf: true }, { before: "Draft", after: "Draft" }),
    ).toEqual({
      changed: true,
      statusMoved: true,
      publishedMoved: false,
    });
    expect(
      decideSaleStateChange({ ...row, status: "Reserved" }, HELD, { before: "Draft", after: "Published" })
        .publishedMoved,
    ).toBe(false);
  });
});
