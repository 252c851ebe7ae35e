import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedSearchVariety } from "../../../src/domain/catalog/seed/search-variety.js";
import { seedSyntheticCards, syntheticProjectId } from "../../../src/domain/catalog/seed/synthetic-cards.js";
import { readCatalogFilters } from "../../../src/domain/catalog/storefront/catalog-facets.js";
import { type LotFilter, validateLotFilter } from "../../../src/domain/catalog/storefront/lot-filter.js";
import { readSearchFacets } from "../../../src/domain/catalog/storefront/search-facets.js";
import {
  facetGroupsApply,
  facetsShareOneMatch,
  readSharedFacets,
  sharedFacetsSql,
} from "../../../src/domain/catalog/storefront/shared-facets.js";
import { Prisma } from "../../../src/generated/prisma/client.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { createCatalogFacetGroupsWorker } from "../../../src/workers/catalog-facet-groups.worker.js";
import { WORKERS } from "../../../src/workers/index.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { describeWithService } from "../../support/services.js";

/**
 * Decision 0534: catalogFilters with q read from the per-project facet groups when no lexeme of q is
 * a lot's own word. Every answer is compared with the per-facet statements (catalog-facets.ts and
 * search-facets.ts: each facet its own statement over the lots, an independent implementation),
 * with the groups clean, with projects dirty, after writes the groups have not seen, and after a
 * lot took a project's word as its own.
 */
const TAG = "fgroups";
const PROJECTS = 24;
const LOTS_PER_PROJECT = 30;

interface Plan {
  Plan?: Plan;
  Plans?: Plan[];
  "Relation Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
}

describeWithService("postgres", "catalogFilters with q from the facet groups (decision 0534)", () => {
  let t: TestApp;
  const worker = () =>
    createCatalogFacetGroupsWorker({
      db: t.db,
      clock: new ManualClock(new Date()),
      log: createMemoryLogger().logger,
      metrics: t.metrics,
      settings: t.settings,
    });

  beforeAll(async () => {
    t = await startTestApp({ roles: ["api"] });
    // Not the bulk seed: the cards' triggers mark the projects dirty and record the lot words.
    await seedSyntheticCards(t.db, {
      tag: TAG,
      projects: PROJECTS,
      lotsPerProject: LOTS_PER_PROJECT,
      now: new Date(),
    });
    await seedSearchVariety(t.db);
  }, 300_000);
  afterAll(async () => {
    await t?.stop();
  });

  async function reference(f: LotFilter) {
    const [base, more] = await Promise.all([readCatalogFilters(t.db, f), readSearchFacets(t.db, f)]);
    return { ...base, ...more };
  }
  /** Lot-card rows the statement actually read (0: answered from the groups alone). */
  async function cardRowsRead(f: LotFilter): Promise<number> {
    const explain = Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${sharedFacetsSql(f)}`;
    const [row] = await t.db.$queryRaw<Array<{ "QUERY PLAN": Plan[] }>>(explain);
    let rows = 0;
    const walk = (p: Plan | undefined) => {
      if (!p) return;
      if (p["Relation Name"] === "property_object_cards")
        rows += (p["Actual Rows"] ?? 0) * (p["Actual Loops"] ?? 0);
      for (const c of p.Plans ?? []) walk(c);
    };
    walk(row?.["QUERY PLAN"][0]?.Plan);
    return rows;
  }
  async function dirtyProjects(): Promise<number> {
    const [row] = await t.db.$queryRaw<
      Array<{ n: bigint }>
    >`SELECT count(*) AS n FROM catalog.lot_facet_dirty`;
    return Number(row?.n ?? 0);
  }
  const filter = (raw: Record<string, unknown>) => validateLotFilter(raw);

  const CASES: Array<[string, Record<string, unknown>, boolean]> = [
    ["a project word", { q: "Солнечный" }, true],
    ["a project word and a city (a flag of the group key)", { q: "Речной", cityIds: [101, 302] }, true],
    ["a project word and rooms", { q: "Северный", rooms: [2] }, true],
    ["a city's word (address, city)", { q: "Казань" }, true],
    ["a hyphenated city (a phrase of its parts)", { q: "Санкт-Петербург" }, true],
    ["a lot word (title): the lots one by one", { q: "квартира" }, false],
    ["a project word and a lot word: the lots one by one", { q: "Солнечный студия" }, false],
    ["a number (room words, titles have numbers)", { q: "Лесной 2" }, false],
  ];

  it("the read path's choice: a plain q with group-key filters only; never websearch syntax, a price range or a typo correction", () => {
    for (const [, raw] of CASES) expect(facetGroupsApply(filter(raw))).toBe(true);
    expect(facetGroupsApply(filter({ q: '"ЖК Солнечный"' }))).toBe(false);
    expect(facetGroupsApply(filter({ q: "Солнечный or Лесной" }))).toBe(false);
    expect(facetGroupsApply(filter({ q: "Солнечный", priceMax: "9000000" }))).toBe(false);
    expect(facetGroupsApply(filter({ q: "Солнечный", floorMin: 3 }))).toBe(false);
    expect(facetGroupsApply(filter({ q: "Солнечный", kinds: ["ApartHotel"] }))).toBe(false);
    const f = filter({ q: "Солнечный" });
    expect(
      facetGroupsApply({ ...f, search: f.search ? { ...f.search, corrected: "(солнечн)" } : null }),
    ).toBe(false);
  });

  it("before the worker ran (every project dirty): the same facets as the per-facet statements", async () => {
    expect(await dirtyProjects()).toBe(PROJECTS);
    for (const [name, raw] of CASES) {
      const f = filter(raw);
      expect(facetsShareOneMatch(f), name).toBe(true);
      expect(await readSharedFacets(t.db, f), name).toEqual(await reference(f));
    }
  });

  it("the worker rebuilds every dirty project; then a project-level q reads no lot card at all, a lot word still reads the lots — and every answer equals the per-facet statements", async () => {
    expect(WORKERS.map((w) => w.name)).toContain("catalogFacetGroups");
    expect(await worker().runOnce()).toBe(PROJECTS);
    expect(await dirtyProjects()).toBe(0);
    expect(await t.metrics.getSingleMetricAsString("catalog_facet_groups_rebuilt_total")).toContain(
      `catalog_facet_groups_rebuilt_total ${PROJECTS}`,
    );
    for (const [name, raw, fromGroups] of CASES) {
      const f = filter(raw);
      expect(await readSharedFacets(t.db, f), name).toEqual(await reference(f));
      const read = await cardRowsRead(f);
      if (fromGroups) expect({ name, read }).toEqual({ name, read: 0 });
      else expect(read, name).toBeGreaterThan(0);
    }
  });

  describe("writes the groups have not seen yet", () => {
    const solnechny = syntheticProjectId(TAG, 0); // "ЖК Солнечный 0"
    const severny = syntheticProjectId(TAG, 1); // "ЖК Северный 1"

    it("a price change and a hidden lot: their project is read live until rebuilt, the others from the groups", async () => {
      await t.db.$executeRaw`
        UPDATE catalog.property_object_cards SET price = price + 777000
        WHERE id = (SELECT id FROM catalog.property_object_cards WHERE project_id = ${solnechny}::uuid
                    AND status = 'Published' ORDER BY id LIMIT 1)`;
      await t.db.$executeRaw`
        UPDATE catalog.property_object_cards SET status = 'Hidden'
        WHERE id = (SELECT id FROM catalog.property_object_cards WHERE project_id = ${solnechny}::uuid
                    AND status = 'Published' ORDER BY id DESC LIMIT 1)`;
      expect(await dirtyProjects()).toBe(1);
      const f = filter({ q: "Солнечный" });
      expect(await readSharedFacets(t.db, f)).toEqual(await reference(f));
      const read = await cardRowsRead(f);
      expect(read).toBeGreaterThan(0);
      expect(read).toBeLessThanOrEqual(LOTS_PER_PROJECT);
      // A column no facet keeps (the sync time) marks nothing.
      await t.db
        .$executeRaw`UPDATE catalog.property_object_cards SET chessboard_synced_at = now() WHERE project_id = ${severny}::uuid`;
      expect(await dirtyProjects()).toBe(1);
    });

    it("a lot of another project named after a project word: the word becomes a lot word, and the facets count that lot too", async () => {
      await t.db.$executeRaw`
        UPDATE catalog.property_object_cards SET building_name = 'Корпус Солнечный'
        WHERE id = (SELECT id FROM catalog.property_object_cards WHERE project_id = ${severny}::uuid
                    AND status = 'Published' ORDER BY id LIMIT 1)`;
      const f = filter({ q: "Солнечный" });
      const shared = await readSharedFacets(t.db, f);
      expect(shared).toEqual(await reference(f));
      expect(shared.projects.map((p) => p.value)).toContain(severny);
      expect(await cardRowsRead(f)).toBeGreaterThan(LOTS_PER_PROJECT);
    });

    it("after the rebuild: every case equals the per-facet statements again", async () => {
      // the building's name is no facet column: only the repriced project was dirty
      expect(await worker().runOnce()).toBe(1);
      expect(await dirtyProjects()).toBe(0);
      for (const [name, raw] of CASES) {
        const f = filter(raw);
        expect(await readSharedFacets(t.db, f), name).toEqual(await reference(f));
      }
    });
  });

  it("a TRUNCATE of the cards (no row trigger fires) leaves no group and no mark behind", async () => {
    await t.db.$executeRaw`TRUNCATE catalog.property_object_cards CASCADE`;
    const [row] = await t.db.$queryRaw<Array<{ groups: bigint; dirty: bigint }>>`
      SELECT (SELECT count(*) FROM catalog.lot_facet_groups) AS groups,
             (SELECT count(*) FROM catalog.lot_facet_dirty) AS dirty`;
    expect({ groups: Number(row?.groups), dirty: Number(row?.dirty) }).toEqual({ groups: 0, dirty: 0 });
    const f = filter({ q: "Солнечный" });
    expect((await readSharedFacets(t.db, f)).total).toBe(0);
  });
});
