import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { createSharedAnswers } from "../../domain/catalog/storefront/shared-answers.js";
import { createHeavyLane } from "./heavy-lane.js";
import { createInFlight } from "./in-flight.js";
import { storefrontCost, STOREFRONT_WEIGHTS as W } from "./storefront-cost.js";

const cost = (doc: string, variables: Record<string, unknown> = {}, name?: string) =>
  storefrontCost(parse(doc), name, variables).units;

describe("storefront cost model (issue #42 item 1)", () => {
  it("weighs each field by its arguments, literal or variable, and aliases multiply", () => {
    expect(cost("{ lots(first: 20) { totalCount } }")).toBe(W.lots);
    expect(cost('{ lots(filter: { q: "дом" }) { totalCount } }')).toBe(W.lotsWithQ);
    expect(cost("query($s: LotSort) { lots(sort: $s) { totalCount } }", { s: "DISTANCE" })).toBe(
      W.lotsByDistance,
    );
    expect(cost("query($s: LotSort = DISTANCE) { lots(sort: $s) { totalCount } }")).toBe(W.lotsByDistance);
    expect(
      cost("query($f: LotFilter) { catalogFilters(filter: $f) { total } }", { f: { q: "квартира" } }),
    ).toBe(W.catalogFiltersWithQ);
    expect(cost("{ catalogFilters { total } }")).toBe(W.catalogFilters);
    const box = "{ south: 1, west: 1, north: 2, east: 2 }";
    expect(cost(`{ lotClusters(viewport: ${box}, zoom: 10) { total } }`)).toBe(W.lotClusters);
    expect(cost(`{ lotClusters(viewport: ${box}, zoom: 22) { total } }`)).toBe(W.lotClustersFine);
    const fifteen = Array.from(
      { length: 15 },
      (_, i) => `a${i}: catalogFilters(filter: { q: "x" }) { total }`,
    ).join(" ");
    expect(cost(`{ ${fifteen} }`)).toBe(15 * W.catalogFiltersWithQ);
  });

  it("sees through fragments; other fields, mutations and unknown operations cost nothing", () => {
    expect(cost("query { ...F } fragment F on Query { ... on Query { catalogFilters { total } } }")).toBe(
      W.catalogFilters,
    );
    expect(cost("{ viewer { userId } }")).toBe(0);
    expect(cost("mutation { x }")).toBe(0);
    expect(cost("query A { catalogFilters { total } } query B { lots { totalCount } }", {}, "B")).toBe(
      W.lots,
    );
    expect(cost("query A { catalogFilters { total } } query B { lots { totalCount } }")).toBe(0);
  });

  it("in flight per caller, the heavy lane and shared answers", async () => {
    const inFlight = createInFlight(10);
    expect([inFlight.enter("a", 2), inFlight.enter("a", 2), inFlight.enter("a", 2)]).toEqual([
      true,
      true,
      false,
    ]);
    inFlight.leave("a");
    expect(inFlight.enter("a", 2)).toBe(true);

    const lane = createHeavyLane(1, 1, 0);
    const first = await lane.enter();
    const second = lane.enter();
    expect(await lane.enter()).toBeNull(); // queue full
    first?.();
    const release = await second;
    expect(lane.running()).toBe(1);
    release?.();
    expect(lane.running()).toBe(0);

    // a slot held 40 ms rests 40 ms (restRatio 1) before the next heavy operation starts
    let clock = 0;
    const paced = createHeavyLane(1, 4, 1, () => clock);
    const held = await paced.enter();
    clock = 40;
    const waiting = paced.enter();
    const t0 = Date.now();
    held?.();
    (await waiting)?.();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(35);

    let t = 0;
    let reads = 0;
    const shared = createSharedAnswers<number>({ ttlMs: 3_000, maxKeys: 2, now: () => t });
    const read = async () => ++reads;
    expect(await Promise.all([shared.get("k", read), shared.get("k", read)])).toEqual([1, 1]);
    t = 2_999;
    expect(await shared.get("k", read)).toBe(1);
    t = 3_001;
    expect(await shared.get("k", read)).toBe(2);
    await shared.get("x", read);
    await shared.get("y", read);
    expect(shared.size()).toBe(2);
  });
});
