import { describe, expect, it } from "vitest";
import {
  matchEstimateFromPlan,
  relevanceDriveFor,
  SELECTIVE_MATCH_SHARE_MAX,
  selectiveShare,
  sortedDriveFor,
} from "./relevance-drive.js";

const CAP = 1_000;

describe("relevanceDriveFor (decision 0510)", () => {
  it("100k cards: the full-text match drives below 8 % of the published cards (the estimates of the selective-q tail), the NEWEST walk from there on", () => {
    expect(selectiveShare(CAP, 94_723)).toBe(SELECTIVE_MATCH_SHARE_MAX);
    // «Северный 1» / «Лесной 2» / «Московский 4» as the planner estimates them
    expect(relevanceDriveFor({ matches: 5_701, published: 94_723 }, CAP)).toBe("match");
    expect(relevanceDriveFor({ matches: 5_834, published: 94_723 }, CAP)).toBe("match");
    expect(relevanceDriveFor({ matches: 7, published: 94_723 }, CAP)).toBe("match");
    expect(relevanceDriveFor({ matches: 8_001, published: 100_000 }, CAP)).toBe("newest");
    // a project word alone (12.7 %), «двухкомнатная квартира» (20 %), «квартира» (100 %)
    expect(relevanceDriveFor({ matches: 11_995, published: 94_723 }, CAP)).toBe("newest");
    expect(relevanceDriveFor({ matches: 19_279, published: 94_723 }, CAP)).toBe("newest");
    expect(relevanceDriveFor({ matches: 94_723, published: 94_723 }, CAP)).toBe("newest");
  });

  it("a larger catalogue lowers the share where the walk and the match cost alike (√(cap / published))", () => {
    expect(selectiveShare(CAP, 1_000_000)).toBeCloseTo(0.8 * Math.sqrt(1_001 / 1_000_000), 10);
    expect(relevanceDriveFor({ matches: 30_000, published: 1_000_000 }, CAP)).toBe("newest");
    expect(relevanceDriveFor({ matches: 20_000, published: 1_000_000 }, CAP)).toBe("match");
  });

  it("an empty catalogue or an unreadable estimate walks (the statement before the decision)", () => {
    expect(relevanceDriveFor({ matches: 1, published: 0 }, CAP)).toBe("newest");
    expect(relevanceDriveFor({ matches: Number.NaN, published: 100 }, CAP)).toBe("newest");
  });

  it("reads the two estimates from the EXPLAIN's Append children, in order", () => {
    const plan = { "Plan Rows": 100_424, Plans: [{ "Plan Rows": 5_701 }, { "Plan Rows": 94_723 }] };
    expect(matchEstimateFromPlan(plan)).toEqual({ matches: 5_701, published: 94_723 });
    expect(relevanceDriveFor(matchEstimateFromPlan({ Plans: [] }), CAP)).toBe("newest");
  });
});

describe("sortedDriveFor (decision 0536)", () => {
  it("a page of 21 over 100k cards: the match drives below ≈ 1.2 % of the published cards (q + city + rooms + class), the planner's walk above (a project word alone)", () => {
    expect(selectiveShare(21, 94_723)).toBeCloseTo(0.8 * Math.sqrt(22 / 94_723), 10);
    expect(sortedDriveFor({ matches: 267, published: 94_723 }, 21)).toBe("match");
    expect(sortedDriveFor({ matches: 1_100, published: 94_723 }, 21)).toBe("match");
    expect(sortedDriveFor({ matches: 1_200, published: 94_723 }, 21)).toBe("walk");
    expect(sortedDriveFor({ matches: 11_995, published: 94_723 }, 21)).toBe("walk");
  });

  it("an empty catalogue or an unreadable estimate walks", () => {
    expect(sortedDriveFor({ matches: 0, published: 0 }, 21)).toBe("walk");
    expect(sortedDriveFor({ matches: Number.NaN, published: 100 }, 21)).toBe("walk");
  });
});
