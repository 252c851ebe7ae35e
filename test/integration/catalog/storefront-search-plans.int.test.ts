/**
 * Every filter the feed allows has an index plan over 100,000 cards: the page statements
 * (lotsPageSql) and the map clusters under EXPLAIN never scan the cards table sequentially.
 * Checks plans, not times (speed is the benchmark's: bench/catalog/storefront-search.ts).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { bulkSeedWithSearchVariety } from "../../../src/domain/catalog/seed/search-variety.js";
import { seedSyntheticCards } from "../../../src/domain/catalog/seed/synthetic-cards.js";
import { lotClustersSql } from "../../../src/domain/catalog/storefront/lot-clusters.js";
import {
  type LotFilter,
  validateLotFilter,
  withTypoTolerance,
} from "../../../src/domain/catalog/storefront/lot-filter.js";
import { type LotSort, lotsPageSql } from "../../../src/domain/catalog/storefront/lots-page.js";
import { typoCorrectionSql, withTypoFallback } from "../../../src/domain/catalog/storefront/typo-fallback.js";
import type { Db } from "../../../src/platform/db/prisma-client.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { describeWithService } from "../../support/services.js";

const MOSCOW = { latitude: 55.75, longitude: 37.6 };

/**
 * Each new filter alone, then combined with the feed's usual ones, under the sorts that use it.
 * Not here: a q as broad as one of the seed's 8 project words alone (12.5% of the cards): the
 * planner rightly prefers a sequential scan when an eighth of the table matches and every match
 * must be ranked — its cost is in the benchmark (bench/catalog/storefront-search.ts).
 */
const CASES: Array<[string, LotFilter, LotSort]> = [
  ["q", { q: "ЖК Солнечный 840" }, "RELEVANCE"],
  [
    "q + city + rooms + price",
    { q: "двухкомнатная Лесной", cityIds: [101], rooms: [2], priceMax: "9000000" },
    "PRICE_ASC",
  ],
  ["q typo", { q: "Солнчный" }, "RELEVANCE"],
  ["bbox", { bbox: { south: 55.5, west: 37.2, north: 55.7, east: 37.5 } }, "PRICE_ASC"],
  ["near", { near: { ...MOSCOW, radiusKm: 5 } }, "DISTANCE"],
  ["near + rooms", { near: { ...MOSCOW, radiusKm: 10 }, rooms: [1] }, "NEWEST"],
  ["floor range", { floorMin: 18, floorMax: 19 }, "PRICE_ASC"],
  ["not first, not last", { notFirstFloor: true, notLastFloor: true }, "NEWEST"],
  ["class", { propertyClasses: ["Elite"] }, "PRICE_ASC"],
  ["construction status", { constructionStatuses: ["Planned"] }, "PRICE_PER_METER_ASC"],
  ["delivery quarter", { deliveryByQuarter: { year: 2027, quarter: 1 } }, "DELIVERY_ASC"],
  ["readiness ≥", { readinessMin: 99 }, "NEWEST"],
  ["distance minutes ≤", { distanceMinutesMax: 1 }, "PRICE_ASC"],
  ["price per metre", { pricePerMeterMin: "400000", pricePerMeterMax: "500000" }, "PRICE_PER_METER_ASC"],
  [
    "developer + project",
    {
      developerIds: ["9f5c4e1e-0000-4000-8000-000000000001"],
      projectIds: ["9f5c4e1e-0000-4000-8000-000000000002"],
    },
    "PRICE_ASC",
  ],
  [
    "everything",
    {
      q: "квартира",
      bbox: { south: 55, west: 36, north: 57, east: 39 },
      floorMin: 2,
      notLastFloor: true,
      propertyClasses: ["Comfort", "Business"],
      constructionStatuses: ["InProgress"],
      deliveryByQuarter: { year: 2028, quarter: 4 },
      readinessMin: 10,
      distanceMinutesMax: 20,
      pricePerMeterMax: "300000",
      rooms: [1, 2],
    },
    "PRICE_ASC",
  ],
];

/**
 * Every pair of the feed's filters (the new ones and today's: region/city/project/developer/rooms/
 * price/area/delivery/kind/type), q (selective), bbox and near among them, each under the sort it
 * implies (RELEVANCE with q, DISTANCE with near, else PRICE_ASC), and q + bbox + near together.
 */
const SINGLE: Array<[string, LotFilter]> = [
  ["q", { q: "ЖК Солнечный 840" }],
  ["bbox", { bbox: { south: 55.5, west: 37.2, north: 55.7, east: 37.5 } }],
  ["near", { near: { ...MOSCOW, radiusKm: 5 } }],
  ["city", { cityIds: [101] }],
  ["region", { regionIds: [1] }],
  ["project", { projectIds: ["9f5c4e1e-0000-4000-8000-000000000002"] }],
  ["developer", { developerIds: ["9f5c4e1e-0000-4000-8000-000000000001"] }],
  ["rooms", { rooms: [2] }],
  ["price", { priceMin: "3000000", priceMax: "8000000" }],
  ["area", { areaMin: "40", areaMax: "60" }],
  ["deliveryBy", { deliveryBy: new Date("2027-06-30") }],
  ["kind", { kinds: ["ResidentialComplex"] }],
  ["type", { types: ["Apartment"] }],
  ["floor range", { floorMin: 18, floorMax: 19 }],
  ["not first/last", { notFirstFloor: true, notLastFloor: true }],
  ["class", { propertyClasses: ["Elite"] }],
  ["construction", { constructionStatuses: ["Planned"] }],
  ["quarter", { deliveryByQuarter: { year: 2027, quarter: 1 } }],
  ["readiness", { readinessMin: 99 }],
  ["distance minutes", { distanceMinutesMax: 1 }],
  ["price per metre", { pricePerMeterMin: "400000", pricePerMeterMax: "500000" }],
];
const sortFor = (f: LotFilter): LotSort => (f.q ? "RELEVANCE" : f.near ? "DISTANCE" : "PRICE_ASC");
const PAIRS: Array<[string, LotFilter, LotSort]> = SINGLE.flatMap(([a, fa], i) =>
  SINGLE.slice(i + 1).map(([b, fb]): [string, LotFilter, LotSort] => {
    const f = { ...fa, ...fb };
    return [`${a} + ${b}`, f, sortFor(f)];
  }),
);
PAIRS.push(["q + bbox + near", { ...SINGLE[0]![1], ...SINGLE[1]![1], ...SINGLE[2]![1] }, "RELEVANCE"]);

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

function nodes(n: PlanNode): PlanNode[] {
  return [n, ...(n.Plans ?? []).flatMap(nodes)];
}

async function plan(db: Db, sql: { text: string; values: unknown[] }): Promise<PlanNode[]> {
  const rows = await db.$queryRawUnsafe<Array<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>>(
    `EXPLAIN (FORMAT JSON) ${sql.text}`,
    ...sql.values,
  );
  return nodes(rows[0]!["QUERY PLAN"][0]!.Plan);
}

describeWithService("postgres", "storefront search plans over 100,000 cards", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ roles: ["api"] });
    await bulkSeedWithSearchVariety(t.db, () =>
      seedSyntheticCards(t.db, {
        tag: "plans",
        projects: 1_000,
        lotsPerProject: 100,
        now: new Date("2026-01-01T00:00:00Z"),
      }),
    );
  }, 900_000);

  afterAll(async () => {
    await t?.stop();
  });

  it.each(CASES)("%s: an index plan, no sequential scan of the cards", async (_name, filter, sort) => {
    const f = withTypoTolerance(validateLotFilter(filter), true);
    const steps = await plan(t.db, lotsPageSql(f, sort, null, 21));
    const onCards = steps.filter((s) => s["Relation Name"] === "property_object_cards");
    expect(onCards.length).toBeGreaterThan(0);
    expect(onCards.map((s) => s["Node Type"])).not.toContain("Seq Scan");
  });

  it.each(PAIRS)("%s: an index plan, no sequential scan of the cards", async (_name, filter, sort) => {
    const steps = await plan(t.db, lotsPageSql(validateLotFilter(filter), sort, null, 21));
    const onCards = steps.filter((s) => s["Relation Name"] === "property_object_cards");
    expect(onCards.length).toBeGreaterThan(0);
    expect(onCards.map((s) => s["Node Type"])).not.toContain("Seq Scan");
  });

  it("a typo as the read path runs it (vocabulary correction, decision 0440): the vocabulary's index, then the full-text index", async () => {
    const f = await withTypoFallback(t.db, validateLotFilter({ q: "Солнчный 840", cityIds: [101] }), true);
    expect(f.search?.corrected).toContain("солнечный");
    const steps = await plan(t.db, lotsPageSql(f, "RELEVANCE", null, 21));
    expect(steps.map((s) => s["Index Name"])).toContain("lots_search_document_idx");
    expect(
      steps.filter((s) => s["Relation Name"] === "property_object_cards").map((s) => s["Node Type"]),
    ).not.toContain("Seq Scan");
    const correction = await plan(t.db, typoCorrectionSql(validateLotFilter({ q: "Солнчный" }).search!));
    expect(
      correction.filter((s) => s["Relation Name"] === "property_object_cards").map((s) => s["Node Type"]),
    ).not.toContain("Seq Scan");
  });

  it("map clusters of a viewport at zoom 10: an index plan (geo or the filter's index)", async () => {
    for (const filter of [
      { rooms: [1, 2] },
      { q: "ЖК Солнечный 840" },
      { near: { ...MOSCOW, radiusKm: 5 } },
    ]) {
      const f = validateLotFilter(filter);
      const steps = await plan(
        t.db,
        lotClustersSql(f, { south: 55.6, west: 37.3, north: 55.9, east: 37.9 }, 10, 1001),
      );
      const onCards = steps.filter((s) => s["Relation Name"] === "property_object_cards");
      expect(onCards.length).toBeGreaterThan(0);
      expect(onCards.map((s) => s["Node Type"])).not.toContain("Seq Scan");
    }
  });
});
