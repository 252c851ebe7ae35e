import { describe, expect, it } from "vitest";
import { isStale } from "./payload-rules.js";

describe("version guard (INV-3 project-card / INV-4 property-object-card)", () => {
  it("a card-less event is never stale; Version <= ChessboardVersion is", () => {
    expect(isStale(1, null)).toBe(false);
    expect(isStale(3, 2)).toBe(false);
    expect(isStale(2, 2)).toBe(true);
    expect(isStale(1, 2)).toBe(true);
  });
});
