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
  it("gives every section every floor, top floor first, cells ordered by number", () => {
    const grid = layoutGrid({ sectionsCount: 2, floorsTotal: 3 }, [
      cell("10", 1, 1),
      cell("9", 1, 1),
      cell("20", 2, 3),
    ]);
    expect(grid.map((s) => s.section)).toEqual([1, 2]);
    expect(grid[0]?.floors.map((f) => f.floor)).toEqual([3, 2, 1]);
    expect(grid[0]?.floors[2]?.cells.map((c) => c.number)).toEqual(["9", "10"]);
    expect(grid[1]?.floors[0]?.cells.map((c) => c.number)).toEqual(["20"]);
  });

  it("adds basement floors and a section for objects without one", () => {
    const grid = layoutGrid({ sectionsCount: 1, floorsTotal: 2 }, [cell("P1", null, -1), cell("B1", 1, -1)]);
    expect(grid.map((s) => s.section)).toEqual([1, null]);
    expect(grid[0]?.floors.map((f) => f.floor)).toEqual([2, 1, -1]);
    expect(grid[1]?.floors.map((f) => f.floor)).toEqual([-1]);
  });
});
