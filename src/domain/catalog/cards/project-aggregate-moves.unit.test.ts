import { describe, expect, it } from "vitest";
import { aggregateMoves, type LotCardMove } from "./project-aggregate-moves.js";

const move = (
  projectId: string,
  before: [string, string],
  after: [string, string],
  datesMoved = false,
): LotCardMove => ({
  projectId,
  before: { status: before[0], objectStatus: before[1] },
  after: { status: after[0], objectStatus: after[1] },
  datesMoved,
});

describe("project aggregate moves of a batch of lot writes", () => {
  it("a booked lot leaves Available and stays in Total; a freed one comes back", () => {
    const { deltas, recompute } = aggregateMoves([
      move("p1", ["Published", "Free"], ["Published", "Reserved"]),
      move("p1", ["Published", "Booked"], ["Published", "Free"]),
      move("p1", ["Published", "Free"], ["Published", "Sold"]),
    ]);
    expect(deltas.get("p1")).toEqual({ total: 0, available: -1 });
    expect(recompute.size).toBe(0);
  });

  it("a lot hidden or published moves Total, and Available only when Free", () => {
    const { deltas } = aggregateMoves([
      move("p1", ["Published", "Free"], ["Hidden", "Hidden"]),
      move("p2", ["Hidden", "Reserved"], ["Published", "Reserved"]),
      move("p2", ["Hidden", "Free"], ["Published", "Free"]),
    ]);
    expect(deltas.get("p1")).toEqual({ total: -1, available: -1 });
    expect(deltas.get("p2")).toEqual({ total: 2, available: 1 });
  });

  it("a price change alone moves no count but is listed (its extremes are re-read)", () => {
    const { deltas } = aggregateMoves([move("p1", ["Published", "Free"], ["Published", "Free"])]);
    expect(deltas.get("p1")).toEqual({ total: 0, available: 0 });
  });

  it("a lot entering or leaving Delisted, or whose dates moved, recomputes its project in full", () => {
    const { deltas, recompute } = aggregateMoves([
      move("p1", ["Published", "Free"], ["Delisted", "Free"]),
      move("p1", ["Published", "Free"], ["Published", "Sold"]),
      move("p2", ["Delisted", "Free"], ["Hidden", "Free"]),
      move("p3", ["Published", "Free"], ["Published", "Free"], true),
      move("p4", ["Published", "Free"], ["Published", "Sold"]),
    ]);
    expect([...recompute].sort()).toEqual(["p1", "p2", "p3"]);
    expect([...deltas.keys()]).toEqual(["p4"]);
  });
});
