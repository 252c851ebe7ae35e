import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.js";
import { describeWithService } from "../../support/services.js";
import { metricValue } from "./catalog-fixtures.js";
import {
  DEVELOPER_B,
  NEVSKY,
  PROJECTS,
  SEVERNY,
  type SearchLot,
  SOLNECHNY,
  searchLots,
  seedSearchCards,
} from "./storefront-search-fixtures.js";

interface Node {
  id: string;
  title: string;
  projectId: string;
  floor: number;
  roomsCount: number;
  price: string;
  distanceMeters: number | null;
}
interface Connection {
  edges: Array<{ cursor: string; node: Node }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}
interface Facet {
  value: string;
  label: string | null;
  count: number;
}

const NODE = "id title projectId floor roomsCount price distanceMeters";
const sorted = (ids: string[]) => [...ids].sort();
const idsOf = (lots: readonly SearchLot[]) => sorted(lots.map((l) => l.id));

// Moscow centre: Severny park is ~15 km away, Krasnogorsk ~22 km, St Petersburg ~630 km.
const MOSCOW = { latitude: 55.7558, longitude: 37.6173 };
const MOSCOW_REGION_VIEW = { south: 55.5, west: 37.0, north: 56.1, east: 38.0 };

describeWithService("postgres", "storefront search: full text, map, new filters and facets", () => {
  let t: TestApp;
  const lots = searchLots();

  async function query(filter: Record<string, unknown> | null, sort = "NEWEST", first = 50, after?: string) {
    const r = await t.graphql<{ lots: Connection }>(
      `query($f: LotFilter, $s: LotSort, $first: Int, $after: String) {
         lots(filter: $f, sort: $s, first: $first, after: $after) {
           edges { cursor node { ${NODE} } } pageInfo { hasNextPage endCursor } } }`,
      { f: filter, s: sort, first, after: after ?? null },
    );
    return r;
  }

  async function ids(filter: Record<string, unknown>, sort = "NEWEST"): Promise<string[]> {
    const r = await query(filter, sort);
    expect(r.errors).toBeUndefined();
    return sorted(r.data!.lots.edges.map((e) => e.node.id));
  }

  async function walk(filter: Record<string, unknown>, sort: string, first = 4): Promise<Node[]> {
    const out: Node[] = [];
    let after: string | undefined;
    for (let i = 0; i < 100; i++) {
      const r = await query(filter, sort, first, after);
      expect(r.errors).toBeUndefined();
      out.push(...r.data!.lots.edges.map((e) => e.node));
      if (!r.data!.lots.pageInfo.hasNextPage) return out;
      after = r.data!.lots.pageInfo.endCursor ?? undefined;
    }
    throw new Error("too many pages");
  }

  async function errorCode(filter: Record<string, unknown>, sort = "NEWEST"): Promise<unknown> {
    const r = await query(filter, sort);
    return r.errors?.[0]?.extensions?.code;
  }

  beforeAll(async () => {
    t = await startTestApp({ roles: ["api"], env: { PIN_CATALOG_LOTS_ANONYMOUS_PER_MINUTE: "10000" } });
    await seedSearchCards(t.db, lots);
  }, 60_000);

  afterAll(async () => {
    await t?.stop();
  });

  describe("full text q (Russian configuration)", () => {
    it("stemming: «Красногорске» finds the lots of the project in Красногорск (address and city)", async () => {
      expect(await ids({ q: "в Красногорске" })).toEqual(idsOf(lots.filter((l) => l.project === SOLNECHNY)));
    });

    it("«двухкомнатная» and «2-комн.» both find the two-room lots; combined with a city word they narrow", async () => {
      const twoRooms = idsOf(lots.filter((l) => l.rooms === 2));
      expect(await ids({ q: "двухкомнатная" })).toEqual(twoRooms);
      expect(await ids({ q: "2-комн." })).toEqual(twoRooms);
      expect(await ids({ q: "двухкомнатная Красногорск" })).toEqual(
        idsOf(lots.filter((l) => l.rooms === 2 && l.project === SOLNECHNY)),
      );
    });

    it("case and ё do not matter: «солнечный», «СОЛНЕЧНЫЙ», «самолет» (developer «Самолёт»)", async () => {
      const solnechny = idsOf(lots.filter((l) => l.project === SOLNECHNY));
      expect(await ids({ q: "солнечный" })).toEqual(solnechny);
      expect(await ids({ q: "СОЛНЕЧНЫЙ" })).toEqual(solnechny);
      expect(await ids({ q: "самолет" })).toEqual(
        idsOf(lots.filter((l) => l.project.developerName === "ГК Самолёт")),
      );
    });

    it("a typo («Красногорк», «Солнечнй») still finds the project where trigrams work; typoTolerant says which", async () => {
      const info = await t.graphql<{ catalogSearchInfo: { typoTolerant: boolean } }>(
        "{ catalogSearchInfo { typoTolerant } }",
      );
      const typoTolerant = info.data!.catalogSearchInfo.typoTolerant;
      const solnechny = idsOf(lots.filter((l) => l.project === SOLNECHNY));
      if (typoTolerant) {
        expect(await ids({ q: "Красногорк" })).toEqual(solnechny);
        expect(await ids({ q: "ЖК Солнечнй" })).toEqual(solnechny);
      } else {
        expect(await ids({ q: "Красногорк" })).toEqual([]);
      }
      // The shared PostgreSQL of this host has pg_trgm and a UTF-8 ctype.
      expect(typoTolerant).toBe(true);
    });

    it("a typo beside a number or a short word is corrected, the rest kept exact: «Красногорк 2-комн.», «жк Севернй парк»", async () => {
      expect(await ids({ q: "Красногорк 2-комн." })).toEqual(
        idsOf(lots.filter((l) => l.project === SOLNECHNY && l.rooms === 2)),
      );
      expect(await ids({ q: "жк Севернй парк" })).toEqual(idsOf(lots.filter((l) => l.project === SEVERNY)));
      // RELEVANCE over a corrected query pages like any other
      const walked = await walk({ q: "Солнечнй" }, "RELEVANCE", 5);
      expect(sorted(walked.map((n) => n.id))).toEqual(idsOf(lots.filter((l) => l.project === SOLNECHNY)));
      // a word nothing resembles finds nothing (never «everything»)
      expect(await ids({ q: "Солнечнй Щщщъъъ" })).toEqual([]);
    });

    it("the vocabulary follows the cards: a project renamed in place is typo-searchable at once (statement trigger)", async () => {
      const lot = lots.find((l) => l.project === NEVSKY)!;
      const [before] = await t.db.$queryRaw<Array<{ project_name: string }>>`
        SELECT project_name FROM catalog.property_object_cards WHERE id = ${lot.id}::uuid`;
      try {
        await t.db.$executeRaw`
          UPDATE catalog.property_object_cards SET project_name = 'Изумрудный квартал' WHERE id = ${lot.id}::uuid`;
        const [known] = await t.db.$queryRaw<Array<{ n: bigint }>>`
          SELECT count(*) AS n FROM catalog.search_words WHERE word IN ('изумрудный', 'квартал')`;
        expect(Number(known?.n)).toBe(2);
        expect(await ids({ q: "Изумрудны квартл" })).toEqual([lot.id]);
      } finally {
        await t.db.$executeRaw`
          UPDATE catalog.property_object_cards SET project_name = ${before!.project_name} WHERE id = ${lot.id}::uuid`;
      }
    });

    it("RELEVANCE ranks a title hit above an address-only hit, pages with cursors, and needs q", async () => {
      // «Невский» is the project name (weight A) of Nevsky and in no other card; every lot is a «Квартира».
      const page = await walk({ q: "квартира Невский" }, "RELEVANCE", 5);
      expect(sorted(page.map((n) => n.id))).toEqual(idsOf(lots.filter((l) => l.project === NEVSKY)));
      // «OR»: studios anywhere (title, weight A) and Severny's lots (Москва in the address, weight C);
      // Severny's studios match both and come first, the other studios before the address-only hits.
      const ranked = await walk({ q: "студия or Москва" }, "RELEVANCE", 2);
      const ids = ranked.map((n) => n.id);
      const severnyStudios = idsOf(lots.filter((l) => l.project === SEVERNY && l.rooms === 0));
      const otherStudios = idsOf(lots.filter((l) => l.project !== SEVERNY && l.rooms === 0));
      expect(sorted(ids.slice(0, 3))).toEqual(severnyStudios);
      expect(sorted(ids.slice(3, 9))).toEqual(otherStudios);
      expect(sorted(ids.slice(9))).toEqual(idsOf(lots.filter((l) => l.project === SEVERNY && l.rooms > 0)));
      expect(await errorCode({}, "RELEVANCE")).toBe("CATALOG_INVALID_FILTER");
    });

    it("a RELEVANCE page says how it was ranked (decision 0480): the cap, not reached here; other sorts: null", async () => {
      const r = await t.graphql<{ lots: { ranking: { candidatesMax: number; capped: boolean } | null } }>(
        `query($f: LotFilter, $s: LotSort) { lots(filter: $f, sort: $s, first: 2) { ranking { candidatesMax capped } } }`,
        { f: { q: "квартира" }, s: "RELEVANCE" },
      );
      expect(r.errors).toBeUndefined();
      expect(r.data!.lots.ranking).toEqual({ candidatesMax: 1000, capped: false });
      const empty = await t.graphql<{ lots: { ranking: unknown; edges: unknown[] } }>(
        `query($f: LotFilter) { lots(filter: $f, sort: RELEVANCE, first: 0) { ranking { capped } edges { cursor } } }`,
        { f: { q: "квартира" } },
      );
      expect(empty.errors).toBeUndefined();
      expect(empty.data!.lots).toEqual({ ranking: { capped: false }, edges: [] });
      const newest = await t.graphql<{ lots: { ranking: unknown } }>(
        `query($f: LotFilter) { lots(filter: $f, sort: NEWEST, first: 2) { ranking { capped } } }`,
        { f: { q: "квартира" } },
      );
      expect(newest.data!.lots.ranking).toBeNull();
    });

    /**
     * A drive counter's values by drive, then the same broad q (most lots) and selective q (a number
     * no card carries: the planner's floor of one row of 36) walked under `sort`, read after each.
     */
    async function broadThenSelective<D extends string>(metric: string, names: readonly D[], sort: string) {
      const drives = async () => {
        const out = {} as Record<D, number>;
        for (const drive of names) out[drive] = await metricValue(t.metrics, metric, { drive });
        return out;
      };
      await t.db.$executeRawUnsafe("ANALYZE catalog.property_object_cards");
      const before = await drives();
      const broad = await walk({ q: "квартира" }, sort, 10);
      const afterBroad = await drives();
      const selective = await walk({ q: "917" }, sort);
      return { drives, before, broad, afterBroad, selective, afterSelective: await drives() };
    }

    it("a RELEVANCE page is counted by how its candidates were found (decision 0510): a q matching most lots walks NEWEST, one matching under 6 % drives from the full-text match", async () => {
      const { before, broad, afterBroad, selective, afterSelective } = await broadThenSelective(
        "catalog_search_relevance_drive_total",
        ["newest", "match"],
        "RELEVANCE",
      );
      expect(broad.length).toBeGreaterThan(10);
      expect(afterBroad.newest - before.newest).toBe(Math.ceil(broad.length / 10));
      expect(afterBroad.match).toBe(before.match);
      expect(selective).toEqual([]);
      expect(afterSelective.match - afterBroad.match).toBe(1);
      expect(afterSelective.newest).toBe(afterBroad.newest);
    });

    it("a sorted page with q is counted by how it read (decision 0536): a q matching most lots leaves the planner's walk, one matching almost nothing reads the match first", async () => {
      const { drives, before, broad, afterBroad, selective, afterSelective } = await broadThenSelective(
        "catalog_search_sorted_drive_total",
        ["walk", "match"],
        "PRICE_ASC",
      );
      expect(broad.length).toBeGreaterThan(10);
      expect(afterBroad.walk - before.walk).toBe(Math.ceil(broad.length / 10));
      expect(afterBroad.match).toBe(before.match);
      expect(selective).toEqual([]);
      expect(afterSelective.match - afterBroad.match).toBe(1);
      // without q nothing is estimated nor counted
      await walk({ rooms: [1] }, "PRICE_ASC", 10);
      expect(await drives()).toEqual(afterSelective);
    });

    it("q combines with every filter and with the facets (counts under the search)", async () => {
      expect(await ids({ q: "комн. квартира", floorMin: 5, propertyClasses: ["Business"] })).toEqual(
        idsOf(lots.filter((l) => l.project === SEVERNY && l.rooms > 0 && l.floor >= 5)),
      );
      const r = await t.graphql<{
        catalogFilters: { total: number; rooms: Array<{ value: number; count: number }> };
      }>(`query($f: LotFilter) { catalogFilters(filter: $f) { total rooms { value count } } }`, {
        f: { q: "Солнечный", rooms: [1] },
      });
      expect(r.errors).toBeUndefined();
      expect(r.data!.catalogFilters.total).toBe(3);
      expect(r.data!.catalogFilters.rooms).toEqual([0, 1, 2, 3].map((value) => ({ value, count: 3 })));
    });

    it("hostile q: over 200 characters is CATALOG_INVALID_FILTER; operators and control characters are just text", async () => {
      expect(await errorCode({ q: "к".repeat(201) })).toBe("CATALOG_INVALID_FILTER");
      expect(await ids({ q: "!!! & | ' \" ( ) : * <-> \u200b" })).toEqual([]);
      const nul = await query({ q: "Солнечный\u0000" });
      expect(nul.errors?.[0]?.extensions?.code).toBe("INVALID_INPUT");
      expect(await ids({ q: "   " })).toEqual(idsOf(lots));
    });
  });

  describe("map search", () => {
    it("bbox: the viewport of the Moscow region holds the two Moscow-area projects", async () => {
      expect(await ids({ bbox: MOSCOW_REGION_VIEW })).toEqual(
        idsOf(lots.filter((l) => l.project !== NEVSKY)),
      );
    });

    it("near: 18 km around the centre of Moscow holds Severny only; 30 km adds Krasnogorsk", async () => {
      expect(await ids({ near: { ...MOSCOW, radiusKm: 18 } })).toEqual(
        idsOf(lots.filter((l) => l.project === SEVERNY)),
      );
      expect(await ids({ near: { ...MOSCOW, radiusKm: 30 } })).toEqual(
        idsOf(lots.filter((l) => l.project !== NEVSKY)),
      );
    });

    it("DISTANCE sorts nearest first across pages, with distanceMeters; it needs near", async () => {
      const all = await walk({ near: { ...MOSCOW, radiusKm: 200 } }, "DISTANCE", 5);
      expect(all).toHaveLength(24);
      expect(all.slice(0, 12).every((n) => n.projectId === SEVERNY.id)).toBe(true);
      expect(all.slice(12).every((n) => n.projectId === SOLNECHNY.id)).toBe(true);
      const metres = all.map((n) => n.distanceMeters as number);
      expect(metres).toEqual([...metres].sort((a, b) => a - b));
      expect(metres[0]).toBeGreaterThan(14_000);
      expect(metres[0]).toBeLessThan(16_000);
      expect(await errorCode({}, "DISTANCE")).toBe("CATALOG_INVALID_FILTER");
    });

    it("clusters: per grid cell at a zoom, computed in SQL; a far zoom merges Moscow and Krasnogorsk, a near one splits them", async () => {
      const clusters = async (zoom: number, filter: Record<string, unknown> | null = null) => {
        const r = await t.graphql<{
          lotClusters: {
            total: number;
            cellZoom: number;
            truncated: boolean;
            cells: Array<{ x: number; y: number; count: number; latitude: string; lotId: string | null }>;
          };
        }>(
          `query($v: GeoBoundingBox!, $z: Int!, $f: LotFilter) { lotClusters(viewport: $v, zoom: $z, filter: $f) {
             total cellZoom truncated cells { x y count latitude lotId } } }`,
          { v: { south: 50, west: 25, north: 62, east: 45 }, z: zoom, f: filter },
        );
        expect(r.errors).toBeUndefined();
        return r.data!.lotClusters;
      };
      const far = await clusters(3);
      expect(far.total).toBe(36);
      expect(far.cells.map((c) => c.count).sort()).toEqual([12, 24]);
      const near = await clusters(10);
      expect(near.cellZoom).toBe(12);
      expect(near.cells.map((c) => c.count)).toEqual([12, 12, 12]);
      // The web-mercator x of Severny's cell at cell zoom 12: floor((37.5466 + 180) / 360 * 4096).
      expect(near.cells.map((c) => c.x)).toContain(Math.floor(((37.5466 + 180) / 360) * 4096));
      const one = await clusters(10, { q: "Невский", rooms: [3], floorMin: 9 });
      expect(one.cells).toEqual([expect.objectContaining({ count: 1, lotId: expect.any(String) })]);
    });

    it("bounded: latitudes/longitudes out of range, south > north, radius too large, zoom 23 → CATALOG_INVALID_FILTER", async () => {
      expect(await errorCode({ bbox: { south: 10, west: 0, north: 95, east: 1 } })).toBe(
        "CATALOG_INVALID_FILTER",
      );
      expect(await errorCode({ bbox: { south: 11, west: 0, north: 10, east: 1 } })).toBe(
        "CATALOG_INVALID_FILTER",
      );
      expect(await errorCode({ near: { ...MOSCOW, radiusKm: 201 } })).toBe("CATALOG_INVALID_FILTER");
      const r = await t.graphql(
        `{ lotClusters(viewport: {south: 0, west: 0, north: 1, east: 1}, zoom: 23) { total } }`,
      );
      expect(r.errors?.[0]?.extensions?.code).toBe("CATALOG_INVALID_FILTER");
    });
  });

  describe("new filters", () => {
    const expectFilter = async (filter: Record<string, unknown>, expected: (l: SearchLot) => boolean) => {
      expect(await ids(filter)).toEqual(idsOf(lots.filter(expected)));
    };

    it("floor range, not first floor, not last floor", async () => {
      await expectFilter({ floorMin: 2, floorMax: 8 }, (l) => l.floor === 5);
      await expectFilter({ notFirstFloor: true }, (l) => l.floor > 1);
      await expectFilter({ notLastFloor: true }, (l) => l.floor < 9);
      await expectFilter({ notFirstFloor: true, notLastFloor: true }, (l) => l.floor === 5);
    });

    it("property class and construction status", async () => {
      await expectFilter({ propertyClasses: ["Business", "Premium"] }, (l) => l.project !== SOLNECHNY);
      await expectFilter({ constructionStatuses: ["Planned"] }, (l) => l.project === NEVSKY);
    });

    it("delivery by quarter: 2027 Q2 includes 2026-03-31 and 2027-06-30, not 2028", async () => {
      await expectFilter({ deliveryByQuarter: { year: 2027, quarter: 2 } }, (l) => l.project !== NEVSKY);
      await expectFilter({ deliveryByQuarter: { year: 2027, quarter: 1 } }, (l) => l.project === SEVERNY);
    });

    it("readiness ≥, distance minutes ≤, price per metre range, developer, project", async () => {
      await expectFilter({ readinessMin: 40 }, (l) => l.project !== NEVSKY);
      await expectFilter({ distanceMinutesMax: 10 }, (l) => l.project !== NEVSKY);
      const ppm = (l: SearchLot) => Math.round((l.price / l.area) * 100) / 100;
      await expectFilter(
        { pricePerMeterMin: "60000", pricePerMeterMax: "90000" },
        (l) => ppm(l) >= 60_000 && ppm(l) <= 90_000,
      );
      await expectFilter({ developerIds: [DEVELOPER_B] }, (l) => l.project === NEVSKY);
      await expectFilter({ projectIds: [SEVERNY.id] }, (l) => l.project === SEVERNY);
    });

    it("bounded: floors, readiness, quarter, distance and price per metre out of range → CATALOG_INVALID_FILTER", async () => {
      for (const bad of [
        { floorMin: 400 },
        { floorMin: 5, floorMax: 2 },
        { readinessMin: 101 },
        { deliveryByQuarter: { year: 2027, quarter: 5 } },
        { distanceMinutesMax: -1 },
        { pricePerMeterMin: "9", pricePerMeterMax: "1" },
        { propertyClasses: Array.from({ length: 51 }, () => "Comfort") },
      ]) {
        expect(await errorCode(bad)).toBe("CATALOG_INVALID_FILTER");
      }
    });
  });

  describe("facets with counts, each ignoring its own filter", () => {
    async function facets(filter: Record<string, unknown>) {
      const r = await t.graphql<{
        catalogFilters: {
          total: number;
          propertyClasses: Facet[];
          constructionStatuses: Facet[];
          developers: Facet[];
          projects: Facet[];
          deliveryQuarters: Facet[];
          pricePerMeter: { min: string | null; max: string | null; count: number };
          floors: { min: string | null; max: string | null; count: number };
        };
      }>(
        `query($f: LotFilter) { catalogFilters(filter: $f) { total
           propertyClasses { value count } constructionStatuses { value count }
           developers { value label count } projects { value label count } deliveryQuarters { value count }
           pricePerMeter { min max count } floors { min max count } } }`,
        { f: filter },
      );
      expect(r.errors).toBeUndefined();
      return r.data!.catalogFilters;
    }

    it("class, status, developer, project and quarter facets count under the other filters", async () => {
      const f = await facets({ propertyClasses: ["Business"], floorMin: 5 });
      expect(f.total).toBe(8);
      // the class facet ignores the class filter: every class, floor ≥ 5 only
      expect(f.propertyClasses).toEqual([
        { value: "Business", count: 8 },
        { value: "Comfort", count: 8 },
        { value: "Premium", count: 8 },
      ]);
      // the others are under the class filter
      expect(f.constructionStatuses).toEqual([{ value: "Commissioned", count: 8 }]);
      expect(f.developers).toEqual([{ value: SEVERNY.developerId, label: "ГК Самолёт", count: 8 }]);
      expect(f.projects).toEqual([{ value: SEVERNY.id, label: "ЖК Северный парк", count: 8 }]);
      expect(f.deliveryQuarters).toEqual([{ value: "2026-Q1", count: 8 }]);
      // the floor bounds ignore the floor filter
      expect(f.floors).toEqual({ min: "1", max: "9", count: 12 });
    });

    it("choosing a developer/project/quarter keeps its alternatives visible", async () => {
      const f = await facets({
        developerIds: [DEVELOPER_B],
        projectIds: [NEVSKY.id],
        deliveryByQuarter: { year: 2027, quarter: 4 },
      });
      expect(f.total).toBe(0);
      expect(f.developers.map((d) => d.count)).toEqual([]);
      const byProject = await facets({ projectIds: [NEVSKY.id] });
      expect(byProject.projects.map((p) => p.value).sort()).toEqual(PROJECTS.map((p) => p.id).sort());
      expect(byProject.deliveryQuarters).toEqual([{ value: "2028-Q4", count: 12 }]);
      const byQuarter = await facets({ deliveryByQuarter: { year: 2026, quarter: 1 } });
      expect(byQuarter.deliveryQuarters).toEqual([
        { value: "2026-Q1", count: 12 },
        { value: "2027-Q2", count: 12 },
        { value: "2028-Q4", count: 12 },
      ]);
      expect(byQuarter.total).toBe(12);
    });

    it("price per metre bounds ignore their own range", async () => {
      const f = await facets({ pricePerMeterMin: "100000" });
      const all = lots.map((l) => Math.round((l.price / l.area) * 100) / 100);
      expect(Number(f.pricePerMeter.min)).toBe(Math.min(...all));
      expect(Number(f.pricePerMeter.max)).toBe(Math.max(...all));
      expect(f.total).toBe(all.filter((v) => v >= 100_000).length);
    });
  });
});
