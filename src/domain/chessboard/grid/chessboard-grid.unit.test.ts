import { describe, expect, it } from "vitest";
import { type GridCell, layoutGrid } from "./chessboard-grid.js";

const cell = (number: string, section: number | null, floor: number): GridCell => ({
  id: number,
  number,
  floor,
  section,
  rooms: 1,
  totalArea: "40.00",
  price: "1.00",
  currency: "RUB",
  status: "Free",
  propertyType: "Apartment",
  reservedUntil: null,
  bookedUntil: null,
  version: 1,
});

describe("layoutGrid", () => {
  it("lays out the sections and floors that hold objects, top floor first, cells ordered by number", () => {
    const grid = layoutGrid([cell("10", 1, 1), cell("9", 1, 1), cell("30", 1, 3), cell("20", 2, 3)]);
    expect(grid.map((s) => s.section)).toEqual([1, 2]);
    expect(grid[0]?.floors.map((f) => f.floor)).toEqual([3, 2, 1]);
    expect(grid[0]?.floors[1]?.cells).toEqual([]);
    expect(grid[0]?.floors[2]?.cells.map((c) => c.number)).toEqual(["9", "10"]);
    expect(grid[1]?.floors.map((f) => f.floor)).toEqual([3]);
  });

  it("includes basement floors and puts objects without a section last", () => {
    const grid = layoutGrid([cell("P1", null, -1), cell("B1", 1, -1), cell("11", 1, 2)]);
    expect(grid.map((s) => s.section)).toEqual([1, null]);
    expect(grid[0]?.floors.map((f) => f.floor)).toEqual([2, 1, -1]);
    expect(grid[1]?.floors.map((f) => f.floor)).toEqual([-1]);
  });

  it("never sizes the grid from declared dimensions: an empty building has an empty grid", () => {
    expect(layoutGrid([])).toEqual([]);
  });

  it("stays proportional to the objects even when stored floors are absurd (rows from before the bounds)", () => {
    const grid = layoutGrid([cell("1", 1, 1), cell("2", 1, 2_000_000_000), cell("3", 40_000, 5)]);
    expect(grid[0]?.floors.map((f) => f.floor)).toEqual([2_000_000_000, 1]);
    expect(grid.map((s) => s.section)).toEqual([1, 40_000]);
  });
});
