/**
 * Every filter the feed allows has an index plan over 100,000 cards: the page statements
 * (lotsPageSql) and the map clusters under EXPLAIN never scan the cards table sequentially.
 * Checks plans, not times (speed is the benchmark's: bench/catalog/storefront-search.ts).
 * Also here, because they need a broad query over many cards: the capped RELEVANCE candidates
 * (decision 0480) — identical pages to ranking every match for a selective q, the best-ranked of the
 * newest 1,000 matches for a broad one — and the one-statement facets equal to the per-facet ones.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { bulkSeedWithSearchVariety } from "../../../src/domain/catalog/seed/bulk-search-seed.js";
import { readCatalogFilters } from "../../../src/domain/catalog/storefront/catalog-facets.js";
import { boxSql, MERCATOR_LATITUDE_MAX } from "../../../src/domain/catalog/storefront/geo.js";
import { lotClustersSql, readLotClusters } from "../../../src/domain/catalog/storefront/lot-clusters.js";
import {
  type LotFilter,
  lotPredicate,
  validateLotFilter,
  withTypoTolerance,
} from "../../../src/domain/catalog/storefront/lot-filter.js";
import {
  type LotSort,
  type LotsPageOptions,
  lotsPageSql,
  RELEVANCE_CANDIDATES_MAX,
  readLotsPage,
} from "../../../src/domain/catalog/storefront/lots-page.js";
import {
  estimateMatch,
  relevanceDriveFor,
  sortedDriveFor,
} from "../../../src/domain/catalog/storefront/relevance-drive.js";
import { readSearchFacets } from "../../../src/domain/catalog/storefront/search-facets.js";
import {
  facetGroupsApply,
  facetsShareOneMatch,
  readSharedFacets,
  sharedFacetsSql,
} from "../../../src/domain/catalog/storefront/shared-facets.js";
import { typoCorrectionSql, withTypoFallback } from "../../../src/domain/catalog/storefront/typo-fallback.js";
import { Prisma } from "../../../src/generated/prisma/client.js";
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
  "Actual Rows"?: number;
  "Actual Loops"?: number;
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

/** The statement's plan as it ran (EXPLAIN ANALYZE). */
async function executed(db: Db, sql: { text: string; values: unknown[] }): Promise<PlanNode[]> {
  const rows = await db.$queryRawUnsafe<Array<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${sql.text}`,
    ...sql.values,
  );
  return nodes(rows[0]!["QUERY PLAN"][0]!.Plan);
}

describeWithService("postgres", "storefront search plans over 100,000 cards", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ roles: ["api"] });
    await bulkSeedWithSearchVariety(t.db, {
      tag: "plans",
      projects: 1_000,
      lotsPerProject: 100,
      now: new Date("2026-01-01T00:00:00Z"),
    });
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

  /** Every page of a RELEVANCE walk (20 a page) through the read path with its cursors. */
  async function walkRelevance(f: LotFilter, options: LotsPageOptions = {}, first = 20) {
    const out: Array<{ id: string; cursor: string }> = [];
    let after: string | null = null;
    let capped: boolean | null = null;
    for (let i = 0; i < 200; i++) {
      const page = await readLotsPage(t.db, f, "RELEVANCE", { first, after }, options);
      capped = page.ranking?.capped ?? null;
      out.push(...page.edges.map((e) => ({ id: e.node.id, cursor: e.cursor })));
      if (!page.pageInfo.hasNextPage) return { lots: out, capped };
      after = page.pageInfo.endCursor;
    }
    throw new Error("too many pages");
  }

  it.each([
    ["a project word + number", { q: "ЖК Солнечный 840" }],
    ["a project number alone", { q: "870" }],
    ["q + city + rooms", { q: "двухкомнатная Лесной", cityIds: [301], rooms: [2] }],
    ["websearch or", { q: "Солнечный 840 or Северный 841" }],
  ] as Array<[string, LotFilter]>)(
    "capped RELEVANCE, selective q (%s): every page identical to ranking every match",
    async (_name, filter) => {
      const f = validateLotFilter(filter);
      const capped = await walkRelevance(f);
      const all = await walkRelevance(f, { relevanceCandidates: null });
      expect(capped.lots.length).toBeGreaterThan(0);
      expect(capped.lots.length).toBeLessThanOrEqual(RELEVANCE_CANDIDATES_MAX);
      expect(capped.lots).toEqual(all.lots);
      expect(capped.capped).toBe(false);
    },
  );

  it.each([
    ["a project word + a title digit, 3,850 matches: capped", { q: "Северный 1" }],
    ["a project word + a room digit, 3,315 matches", { q: "Лесной 2" }],
    ["1,710 matches", { q: "Невский 6" }],
    ["a project word + number, 95 matches", { q: "ЖК Солнечный 840" }],
    ["q + city + rooms", { q: "двухкомнатная Лесной", cityIds: [301], rooms: [2] }],
    ["websearch or", { q: "Солнечный 840 or Северный 841" }],
    ["a broad q (11,875 matches) forced onto the match", { q: "Солнечный" }],
  ] as Array<[string, LotFilter]>)(
    "RELEVANCE driven by the full-text match (decision 0510, %s): every page identical to the NEWEST walk's",
    async (_name, filter) => {
      const f = validateLotFilter(filter);
      const walked = await walkRelevance(f, { relevanceDrive: "newest" }, 100);
      const matched = await walkRelevance(f, { relevanceDrive: "match" }, 100);
      expect(walked.lots.length).toBeGreaterThan(0);
      expect(matched.lots).toEqual(walked.lots);
      expect(matched.capped).toBe(walked.capped);
    },
  );

  it("the selective-q tail (decision 0510): the read path drives «Северный 1», «Лесной 2», «ЖК Солнечный 840» from the full-text GIN index — never the NEWEST walk — and keeps the walk for the broad q's", async () => {
    for (const q of ["Северный 1", "Лесной 2", "ЖК Солнечный 840", "Солнечный 840 or Северный 841"]) {
      const f = validateLotFilter({ q });
      expect(relevanceDriveFor(await estimateMatch(t.db, f), RELEVANCE_CANDIDATES_MAX), q).toBe("match");
      expect((await readLotsPage(t.db, f, "RELEVANCE", { first: 1 })).ranking?.drive, q).toBe("match");
      const steps = await plan(t.db, lotsPageSql(f, "RELEVANCE", null, 21, { relevanceDrive: "match" }));
      const indexes = steps.map((s) => s["Index Name"]);
      expect(indexes, q).toContain("lots_search_document_idx");
      expect(indexes, q).not.toContain("lots_newest_idx");
      expect(
        steps.filter((s) => s["Relation Name"] === "property_object_cards").map((s) => s["Node Type"]),
      ).not.toContain("Seq Scan");
    }
    for (const q of ["двухкомнатная квартира", "квартира", "Солнечный"]) {
      const f = validateLotFilter({ q });
      expect(relevanceDriveFor(await estimateMatch(t.db, f), RELEVANCE_CANDIDATES_MAX), q).toBe("newest");
      expect((await readLotsPage(t.db, f, "RELEVANCE", { first: 1 })).ranking?.drive, q).toBe("newest");
      const steps = await plan(t.db, lotsPageSql(f, "RELEVANCE", null, 21, { relevanceDrive: "newest" }));
      expect(
        steps.map((s) => s["Index Name"]),
        q,
      ).toContain("lots_newest_idx");
    }
  });

  it("capped RELEVANCE, broad q («двухкомнатная квартира», ≈ 15k matches): the pages walk exactly the 1,000 newest matches, best-ranked first, and say capped", async () => {
    const f = validateLotFilter({ q: "двухкомнатная квартира" });
    const walked = await walkRelevance(f);
    expect(walked.capped).toBe(true);
    const expected = await t.db.$queryRaw<Array<{ id: string }>>`
      WITH c AS (SELECT id, search_document FROM catalog.property_object_cards
                 WHERE status = 'Published' AND search_document @@ websearch_to_tsquery('russian', 'двухкомнатная квартира')
                 ORDER BY published_at DESC, id DESC LIMIT ${RELEVANCE_CANDIDATES_MAX})
      SELECT id::text FROM c
      ORDER BY round(ts_rank('{0.1, 0.2, 0.4, 1.0}', search_document,
                             websearch_to_tsquery('russian', 'двухкомнатная квартира'))::numeric, 6) DESC, id DESC`;
    expect(walked.lots.map((l) => l.id)).toEqual(expected.map((e) => e.id));
    const counted = await t.db.$queryRaw<Array<{ n: bigint }>>`
      SELECT count(*) AS n FROM catalog.property_object_cards
      WHERE status = 'Published' AND search_document @@ websearch_to_tsquery('russian', 'двухкомнатная квартира')`;
    const n = Number(counted[0]?.n ?? 0);
    expect(n).toBeGreaterThan(RELEVANCE_CANDIDATES_MAX);
    // the exact count stays catalogFilters.total (the one-statement facets)
    expect((await readSharedFacets(t.db, f)).total).toBe(n);
  });

  it("capped RELEVANCE: an index plan for a broad, a selective and a corrected (typo) q — no sequential scan of the cards", async () => {
    const filters = [
      validateLotFilter({ q: "двухкомнатная квартира" }),
      validateLotFilter({ q: "квартира" }),
      validateLotFilter({ q: "ЖК Солнечный 840" }),
      await withTypoFallback(t.db, validateLotFilter({ q: "Солнчный" }), true),
    ];
    for (const f of filters) {
      const steps = await plan(t.db, lotsPageSql(f, "RELEVANCE", null, 21));
      const onCards = steps.filter((s) => s["Relation Name"] === "property_object_cards");
      expect(onCards.length).toBeGreaterThan(0);
      expect(onCards.map((s) => s["Node Type"])).not.toContain("Seq Scan");
      const indexes = steps.map((s) => s["Index Name"]);
      expect(indexes.includes("lots_newest_idx") || indexes.includes("lots_search_document_idx")).toBe(true);
    }
  });

  it.each([
    ["q alone", { q: "Солнечный" }],
    ["q + one facet dimension", { q: "Лесной", rooms: [1, 2] }],
    [
      "q + kind + type (no facet dimension)",
      { q: "Садовый 853", kinds: ["ResidentialComplex"], types: ["Apartment"] },
    ],
    ["a q matching nothing", { q: "Невский 17" }],
    ["q + a city (a flag of the group key)", { q: "Речной", cityIds: [101, 302] }],
    ["q + a price range (a flag of each lot)", { q: "Парковый", priceMin: "4000000", priceMax: "9000000" }],
    ["q + a delivery quarter", { q: "Северный", deliveryByQuarter: { year: 2027, quarter: 4 } }],
  ] as Array<[string, LotFilter]>)(
    "catalogFilters with q in one statement (%s): the same facets as the per-facet statements, an index plan",
    async (_name, filter) => {
      const f = validateLotFilter(filter);
      expect(facetsShareOneMatch(f)).toBe(true);
      const [base, more] = await Promise.all([readCatalogFilters(t.db, f), readSearchFacets(t.db, f)]);
      expect(await readSharedFacets(t.db, f)).toEqual({ ...base, ...more });
      const steps = await plan(t.db, sharedFacetsSql(f));
      expect(
        steps.filter((s) => s["Relation Name"] === "property_object_cards").map((s) => s["Node Type"]),
      ).not.toContain("Seq Scan");
    },
  );

  it("catalogFilters with a project word (12,500 matching lots) reads the facet groups of decision 0534 — not one lot card — and equals the per-facet statements; a lot word reads the lots", async () => {
    const cardRows = (steps: PlanNode[]) =>
      steps
        .filter((s) => s["Relation Name"] === "property_object_cards")
        .reduce((n, s) => n + (s["Actual Rows"] ?? 0) * (s["Actual Loops"] ?? 0), 0);
    for (const q of ["Солнечный", "Невский"]) {
      const f = validateLotFilter({ q, cityIds: [101, 302] });
      expect(facetGroupsApply(f)).toBe(true);
      const [base, more] = await Promise.all([readCatalogFilters(t.db, f), readSearchFacets(t.db, f)]);
      expect(await readSharedFacets(t.db, f)).toEqual({ ...base, ...more });
      expect({ q, cardRows: cardRows(await executed(t.db, sharedFacetsSql(f))) }).toEqual({ q, cardRows: 0 });
    }
    const lotWord = validateLotFilter({ q: "студия" });
    expect(facetGroupsApply(lotWord)).toBe(true);
    expect(cardRows(await executed(t.db, sharedFacetsSql(lotWord)))).toBeGreaterThan(1_000);
  });

  it.each([
    ["a word whose projects are Premium, asked for Comfort or Business (no match)", 2, false],
    ["a word with matches in the city", 1, true],
    ["another empty combination", 3, false],
  ])(
    "a PRICE_ASC page with q + city + rooms + class (%s): the match drives (decision 0536), the same rows as the planner's walk, and the price index is not walked",
    async (_name, i, found) => {
      const words = ["Солнечный", "Северный", "Лесной", "Речной"];
      const f = withTypoTolerance(
        validateLotFilter({
          q: words[i],
          cityIds: [(1 + (i % 4)) * 100 + (i % 3)],
          rooms: [i % 5],
          propertyClasses: ["Comfort", "Business"],
        }),
        true,
      );
      expect(sortedDriveFor(await estimateMatch(t.db, f), 21)).toBe("match");
      const walk = await readLotsPage(t.db, f, "PRICE_ASC", { first: 20 }, { sortedDrive: "walk" });
      const page = await readLotsPage(t.db, f, "PRICE_ASC", { first: 20 });
      expect(page.edges.map((e) => e.node.id)).toEqual(walk.edges.map((e) => e.node.id));
      expect(page.edges.length > 0).toBe(found);
      const steps = await executed(t.db, lotsPageSql(f, "PRICE_ASC", null, 21, { sortedDrive: "match" }));
      expect(steps.map((s) => s["Index Name"]).filter(Boolean)).not.toContain("lots_price_idx");
    },
  );

  it("the region and city facets of catalogFilters with q read their labels from the covering indexes of decision 0535: no sort and no heap of the project cards", async () => {
    const steps = await plan(t.db, sharedFacetsSql(validateLotFilter({ q: "Солнечный" })));
    const onProjects = steps.filter((s) => s["Relation Name"] === "project_cards");
    expect(onProjects.map((s) => [s["Node Type"], s["Index Name"]])).toEqual([
      ["Index Only Scan", "project_cards_published_region_label_idx"],
      ["Index Only Scan", "project_cards_published_city_label_idx"],
    ]);
  });

  it("the one-statement facets equal the per-facet ones also with several facet dimensions (not the read path's choice there)", async () => {
    const f = validateLotFilter({
      q: "двухкомнатная",
      cityIds: [101, 102],
      priceMax: "9000000",
      propertyClasses: ["Comfort", "Business"],
      deliveryByQuarter: { year: 2028, quarter: 2 },
      floorMin: 2,
    });
    expect(facetsShareOneMatch(f)).toBe(false);
    const [base, more] = await Promise.all([readCatalogFilters(t.db, f), readSearchFacets(t.db, f)]);
    expect(await readSharedFacets(t.db, f)).toEqual({ ...base, ...more });
  });

  it("map clusters filtered by rooms: an index-only scan of the rooms-led covering geo index (only those room counts' entries, no heap fetch)", async () => {
    for (const rooms of [[2], [1, 3]]) {
      const steps = await plan(
        t.db,
        lotClustersSql(
          validateLotFilter({ rooms }),
          { south: 55.3, west: 36.9, north: 56.1, east: 37.9 },
          10,
          1001,
        ),
      );
      const onCards = steps.filter((s) => s["Relation Name"] === "property_object_cards");
      expect(onCards.map((s) => [s["Node Type"], s["Index Name"]])).toEqual([
        ["Index Only Scan", "lots_rooms_geo_idx"],
      ]);
    }
  });

  it("map clusters without a filter: index-only — a city-sized viewport reads its range of the covering geo index", async () => {
    const city = await plan(
      t.db,
      lotClustersSql(validateLotFilter({}), { south: 55.6, west: 37.2, north: 55.8, east: 37.5 }, 10, 1001),
    );
    expect(
      city
        .filter((s) => s["Relation Name"] === "property_object_cards")
        .map((s) => [s["Node Type"], s["Index Name"]]),
    ).toEqual([["Index Only Scan", "lots_geo_idx"]]);
    // the whole region: every entry of either covering index, still without the heap
    const region = await plan(
      t.db,
      lotClustersSql(validateLotFilter({}), { south: 55.3, west: 36.9, north: 56.1, east: 37.9 }, 10, 1001),
    );
    const onCards = region.filter((s) => s["Relation Name"] === "property_object_cards");
    expect(onCards.map((s) => s["Node Type"])).toEqual(["Index Only Scan"]);
  });

  /** The clusters statement before decision 0496: the mercator maths and the cell aggregate over every lot. */
  function clustersPerLotSql(
    f: LotFilter,
    v: { south: number; west: number; north: number; east: number },
    zoom: number,
  ) {
    const cellZoom = zoom + 2;
    return Prisma.sql`
      WITH pts AS (
        SELECT id, price, geo_latitude::float8 AS lat, geo_longitude::float8 AS lon,
          radians(least(greatest(geo_latitude::float8, ${-MERCATOR_LATITUDE_MAX}::float8), ${MERCATOR_LATITUDE_MAX}::float8)) AS phi
        FROM catalog.property_object_cards
        WHERE ${lotPredicate(f)} AND geo_latitude IS NOT NULL AND ${boxSql(v)}
      ), cells AS (
        SELECT id, price, lat, lon,
          least(floor((lon + 180) / 360 * power(2, ${cellZoom}::int)), power(2, ${cellZoom}::int) - 1)::int AS x,
          least(floor((1 - ln(tan(phi) + 1 / cos(phi)) / pi()) / 2 * power(2, ${cellZoom}::int)), power(2, ${cellZoom}::int) - 1)::int AS y
        FROM pts
      )
      SELECT x, y, count(*)::int AS count, round(avg(lat)::numeric, 6)::text AS latitude,
        round(avg(lon)::numeric, 6)::text AS longitude, min(price)::text AS "minPrice",
        CASE WHEN count(*) = 1 THEN min(id::text) END AS "lotId"
      FROM cells GROUP BY x, y ORDER BY count(*) DESC, x, y LIMIT 1000`;
  }

  it.each([
    ["rooms, zoom 10", { rooms: [2] }, 10, false],
    ["no filter, zoom 8", {}, 8, false],
    ["no filter, zoom 14 (a cell a project)", {}, 14, false],
    ["q, zoom 12", { q: "Солнечный" }, 12, false],
    ["near + rooms, zoom 16", { near: { ...MOSCOW, radiusKm: 10 }, rooms: [1, 2] }, 16, false],
    ["a lot alone in its cell", { q: "ЖК Солнечный 840", rooms: [1], priceMax: "4200000" }, 18, true],
  ] as Array<[string, LotFilter, number, boolean]>)(
    "map clusters counted per point first (decision 0496, %s): the same cells as the per-lot aggregate",
    async (_name, filter, zoom, oneLotCell) => {
      const f = validateLotFilter(filter);
      const v = { south: 55.3, west: 36.9, north: 56.1, east: 37.9 };
      const clusters = await readLotClusters(t.db, f, v, zoom);
      const expected = await t.db.$queryRaw<Array<Record<string, unknown>>>(clustersPerLotSql(f, v, zoom));
      expect(clusters.cells.length).toBeGreaterThan(0);
      expect(clusters.cells).toEqual(expected);
      expect(clusters.total).toBe(expected.reduce((n, c) => n + Number(c.count), 0));
      expect(clusters.cells.some((c) => c.lotId !== null)).toBe(oneLotCell);
    },
  );
});
