import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recomputeCards } from "../../../src/domain/catalog/cards/recompute-cards.js";
import { seedSyntheticCards, syntheticProjectId } from "../../../src/domain/catalog/seed/synthetic-cards.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { describeWithService } from "../../support/services.js";
import { type FeedLot, LOT_FIELDS, type OracleLot, oracleLots } from "./storefront-fixtures.js";

const TAG = "feed";
const PROJECTS = 10;
const LOTS_PER_PROJECT = 20;
const NOW = new Date("2026-01-01T00:00:00.000Z");

interface Connection<T> {
  edges: Array<{ cursor: string; node: T }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

describeWithService("postgres", "storefront: lots, projectCards, catalogFilters", () => {
  let t: TestApp;
  let oracle: OracleLot[];
  let hiddenProjectId: string;

  async function lotsPage(variables: Record<string, unknown>, token: string | null = null) {
    const r = await t.graphql<{ lots: Connection<FeedLot> }>(
      `query($f: LotFilter, $s: LotSort, $first: Int, $after: String) {
         lots(filter: $f, sort: $s, first: $first, after: $after) {
           edges { cursor node { ${LOT_FIELDS} agentCommission } } pageInfo { hasNextPage endCursor } } }`,
      variables,
      token,
    );
    return r;
  }

  /** Walks every page (small pages: cursors at many depths) and returns the nodes in order. */
  async function walk(filter: Record<string, unknown> | null, sort: string, first = 7): Promise<FeedLot[]> {
    const token = await t.tokenFor("agent");
    const out: FeedLot[] = [];
    let after: string | null = null;
    for (let i = 0; i < 1000; i++) {
      const r = await lotsPage({ f: filter, s: sort, first, after }, token);
      expect(r.errors).toBeUndefined();
      const page = r.data!.lots;
      out.push(...page.edges.map((e) => e.node));
      if (!page.pageInfo.hasNextPage) return out;
      after = page.pageInfo.endCursor;
    }
    throw new Error("too many pages");
  }

  const visible = () => oracle.filter((l) => l.published && l.projectId !== hiddenProjectId);
  const ids = (lots: Array<{ id: string }>) => lots.map((l) => l.id).sort();

  beforeAll(async () => {
    t = await startTestApp({ roles: ["api"], env: { PIN_CATALOG_LOTS_ANONYMOUS_PER_MINUTE: "10000" } });
    await seedSyntheticCards(t.db, {
      tag: TAG,
      projects: PROJECTS,
      lotsPerProject: LOTS_PER_PROJECT,
      now: NOW,
    });
    oracle = oracleLots(TAG, PROJECTS, LOTS_PER_PROJECT);
    // Project 3 is hidden in chessboard: its card and (through the recompute) all its lots go Hidden.
    hiddenProjectId = syntheticProjectId(TAG, 3);
    await t.db
      .$executeRaw`UPDATE catalog.project_cards SET source_status = 'Hidden' WHERE id = ${hiddenProjectId}::uuid`;
    await t.db.$transaction((tx) =>
      recomputeCards(tx, { projectIds: [hiddenProjectId] }, { now: NOW, publishedAt: NOW }),
    );
  }, 60_000);

  afterAll(async () => {
    await t?.stop();
  });

  describe("only Published cards, ever", () => {
    it("lots: the whole feed is exactly the Published lots — hidden lots and every lot of a hidden project are absent", async () => {
      const all = await walk(null, "NEWEST", 50);
      expect(ids(all)).toEqual(ids(visible()));
      expect(all.length).toBe(PROJECTS * LOTS_PER_PROJECT - 10 - (LOTS_PER_PROJECT - 1));
    });

    it("lots: a filter naming a hidden project or asking for hidden lots still returns nothing hidden", async () => {
      const r = await walk({ projectIds: [hiddenProjectId] }, "PRICE_ASC");
      expect(r).toEqual([]);
    });

    it("lots: readable without a token", async () => {
      const r = await lotsPage({ first: 3 });
      expect(r.errors).toBeUndefined();
      expect(r.data!.lots.edges).toHaveLength(3);
    });
  });

  describe("filters", () => {
    const cases: Array<[string, Record<string, unknown>, (l: OracleLot) => boolean]> = [
      ["region", { regionIds: [2] }, (l) => l.regionId === 2],
      ["city", { cityIds: [101, 402] }, (l) => l.cityId === 101 || l.cityId === 402],
      [
        "project",
        { projectIds: [syntheticProjectId(TAG, 5)] },
        (l) => l.projectId === syntheticProjectId(TAG, 5),
      ],
      ["rooms", { rooms: [0, 3] }, (l) => l.rooms === 0 || l.rooms === 3],
      [
        "price range",
        { priceMin: "5000000", priceMax: "9000000.00" },
        (l) => l.price >= 5e6 && l.price <= 9e6,
      ],
      ["area range", { areaMin: "40", areaMax: "60.5" }, (l) => l.area >= 40 && l.area <= 60.5],
      ["delivery date", { deliveryBy: "2027-09-30" }, (l) => l.delivery <= "2027-09-30"],
      ["kind", { kinds: ["ApartHotel"] }, (l) => l.kind === "ApartHotel"],
      ["type", { types: ["Parking"] }, (l) => l.type === "Parking"],
      [
        "three filters together (city, rooms, price)",
        { cityIds: [100, 200], rooms: [1, 2], priceMax: "8000000" },
        (l) => (l.cityId === 100 || l.cityId === 200) && (l.rooms === 1 || l.rooms === 2) && l.price <= 8e6,
      ],
    ];
    for (const [name, filter, predicate] of cases) {
      it(`lots filter by ${name} returns exactly the matching Published lots`, async () => {
        const got = await walk(filter, "PRICE_ASC", 25);
        const expected = visible().filter(predicate);
        expect(expected.length).toBeGreaterThan(0);
        expect(ids(got)).toEqual(ids(expected));
      });
    }

    it("lots filter by developer returns only that developer's lots", async () => {
      const first = await walk({ projectIds: [syntheticProjectId(TAG, 1)] }, "PRICE_ASC");
      const developerId = (
        await t.graphql<{ lots: Connection<{ developerId: string }> }>(
          `{ lots(first: 1, filter: { projectIds: ["${syntheticProjectId(TAG, 1)}"] }) { edges { node { developerId } } } }`,
        )
      ).data!.lots.edges[0]!.node.developerId;
      const got = await walk({ developerIds: [developerId] }, "PRICE_ASC", 50);
      // developer index = project % 7: projects 1 and 8
      const expected = visible().filter((l) => l.developerIndex === 1);
      expect(first.length).toBeGreaterThan(0);
      expect(ids(got)).toEqual(ids(expected));
    });

    it("lots: an invalid filter fails with CATALOG_INVALID_FILTER (inverted range, too many values, bad date)", async () => {
      for (const f of [
        { priceMin: "9", priceMax: "1" },
        { rooms: Array.from({ length: 51 }, (_, i) => i % 20) },
        { deliveryBy: "2027-13-45" },
        { rooms: [21] },
      ]) {
        const r = await lotsPage({ f, first: 1 });
        expect(r.errors?.[0]?.extensions?.code).toBe("CATALOG_INVALID_FILTER");
      }
    });
  });

  describe("sorts and keyset cursors", () => {
    const key: Record<string, (l: FeedLot) => number | string> = {
      PRICE_ASC: (l) => Number(l.price),
      PRICE_DESC: (l) => -Number(l.price),
      PRICE_PER_METER_ASC: (l) => Number(l.pricePerMeter),
      PRICE_PER_METER_DESC: (l) => -Number(l.pricePerMeter),
      AREA_ASC: (l) => Number(l.areaTotal),
      AREA_DESC: (l) => -Number(l.areaTotal),
      DELIVERY_ASC: (l) => l.deliveryDate ?? "9999",
    };
    for (const [sort, k] of Object.entries(key)) {
      it(`lots sorted ${sort}: pages of 7 walk every Published lot once, in (value, id) order`, async () => {
        const got = await walk(null, sort, 7);
        expect(ids(got)).toEqual(ids(visible()));
        const desc = sort.endsWith("_DESC");
        for (let i = 1; i < got.length; i++) {
          const a = k(got[i - 1]!);
          const b = k(got[i]!);
          expect(a <= b, `${sort} at ${i}`).toBe(true);
          if (a === b) expect(desc ? got[i - 1]!.id > got[i]!.id : got[i - 1]!.id < got[i]!.id).toBe(true);
        }
      });
    }

    it("lots sorted PRICE_ASC match the oracle's order exactly", async () => {
      const got = await walk({ rooms: [2] }, "PRICE_ASC", 9);
      const expected = visible()
        .filter((l) => l.rooms === 2)
        .sort((a, b) => a.price - b.price || (a.id < b.id ? -1 : 1));
      expect(got.map((l) => l.id)).toEqual(expected.map((l) => l.id));
    });

    it("lots sorted NEWEST: most recently published first", async () => {
      const got = await walk(null, "NEWEST", 40);
      const expected = [...visible()].sort((a, b) => a.publishedAtOffset - b.publishedAtOffset);
      expect(got.map((l) => l.id)).toEqual(expected.map((l) => l.id));
    });

    it("lots: a cursor from another sort or a forged cursor fails with CATALOG_INVALID_CURSOR", async () => {
      const r = await lotsPage({ s: "PRICE_ASC", first: 2 });
      const cursor = r.data!.lots.pageInfo.endCursor;
      const other = await lotsPage({ s: "AREA_ASC", first: 2, after: cursor });
      expect(other.errors?.[0]?.extensions?.code).toBe("CATALOG_INVALID_CURSOR");
      const forged = await lotsPage({
        s: "PRICE_ASC",
        first: 2,
        after: Buffer.from("lt1|PRICE_ASC|1 OR 1=1|x").toString("base64url"),
      });
      expect(forged.errors?.[0]?.extensions?.code).toBe("CATALOG_INVALID_CURSOR");
    });
  });

  describe("AgentCommission: visible to agents and platform staff only", () => {
    const query = `{ lots(first: 3, sort: PRICE_DESC) { edges { node { id price agentCommission } } } }`;
    for (const role of ["agent", "pin_manager", "admin"] as const) {
      it(`AgentCommission is visible to ${role}`, async () => {
        const r = await t.graphql<{ lots: Connection<{ price: string; agentCommission: string | null }> }>(
          query,
          {},
          await t.tokenFor(role),
        );
        expect(r.errors).toBeUndefined();
        for (const { node } of r.data!.lots.edges) {
          expect(node.agentCommission).toBe((Number(node.price) / 100).toFixed(2));
        }
      });
    }
    for (const role of ["anonymous", "investor", "developer_manager"] as const) {
      it(`AgentCommission is null for ${role} (no error, the rest of the lot is served)`, async () => {
        const token = role === "anonymous" ? null : await t.tokenFor(role);
        const r = await t.graphql<{ lots: Connection<{ price: string; agentCommission: string | null }> }>(
          query,
          {},
          token,
        );
        expect(r.errors).toBeUndefined();
        expect(r.data!.lots.edges).toHaveLength(3);
        for (const { node } of r.data!.lots.edges) {
          expect(node.agentCommission).toBeNull();
          expect(node.price).toMatch(/^\d+\.\d{2}$/);
        }
      });
    }
  });

  describe("catalogFilters: facets with counts under the current filter", () => {
    it("catalogFilters: each dimension counts its values under every other filter; total under all", async () => {
      const filter = { cityIds: [100, 201], rooms: [1] };
      const r = await t.graphql<{
        catalogFilters: {
          total: number;
          regions: Array<{ value: number; label: string; count: number }>;
          cities: Array<{ value: number; label: string; count: number }>;
          rooms: Array<{ value: number; count: number }>;
          price: { min: string; max: string; count: number };
          area: { min: string; max: string; count: number };
        };
      }>(
        `query($f: LotFilter) { catalogFilters(filter: $f) { total regions { value label count } cities { value label count }
           rooms { value count } price { min max count } area { min max count } } }`,
        { f: filter },
      );
      expect(r.errors).toBeUndefined();
      const f = r.data!.catalogFilters;
      const lots = visible();
      const inCity = (l: OracleLot) => l.cityId === 100 || l.cityId === 201;
      const all = lots.filter((l) => inCity(l) && l.rooms === 1);
      expect(f.total).toBe(all.length);

      const count = <K>(xs: OracleLot[], by: (l: OracleLot) => K) => {
        const m = new Map<K, number>();
        for (const l of xs) m.set(by(l), (m.get(by(l)) ?? 0) + 1);
        return m;
      };
      const cities = count(
        lots.filter((l) => l.rooms === 1),
        (l) => l.cityId,
      );
      expect(new Map(f.cities.map((c) => [c.value, c.count]))).toEqual(cities);
      expect(f.cities.find((c) => c.value === 201)?.label).toBe("City 201");
      const rooms = count(lots.filter(inCity), (l) => l.rooms);
      expect(new Map(f.rooms.map((c) => [c.value, c.count]))).toEqual(rooms);
      const regions = count(all, (l) => l.regionId);
      expect(new Map(f.regions.map((c) => [c.value, c.count]))).toEqual(regions);
      expect(Number(f.price.min)).toBe(Math.min(...all.map((l) => l.price)));
      expect(Number(f.price.max)).toBe(Math.max(...all.map((l) => l.price)));
      expect(Number(f.area.min)).toBe(Math.min(...all.map((l) => l.area)));
      expect(f.price.count).toBe(all.length);
    });

    it("catalogFilters: a hidden project's lots are in no facet", async () => {
      const r = await t.graphql<{ catalogFilters: { total: number } }>(
        `query($f: LotFilter) { catalogFilters(filter: $f) { total } }`,
        { f: { projectIds: [hiddenProjectId] } },
      );
      expect(r.data!.catalogFilters.total).toBe(0);
    });
  });

  describe("projectCard / projectCards", () => {
    it("projectCard returns a Published card with its aggregates and null for a hidden one", async () => {
      const id = syntheticProjectId(TAG, 0);
      const r = await t.graphql<{
        shown: { id: string; propertyObjectsTotal: number; minPrice: string } | null;
        hidden: unknown;
      }>(
        `query($a: ID!, $b: ID!) { shown: projectCard(id: $a) { id propertyObjectsTotal minPrice }
           hidden: projectCard(id: $b) { id } }`,
        { a: id, b: hiddenProjectId },
      );
      expect(r.errors).toBeUndefined();
      const own = visible().filter((l) => l.projectId === id);
      expect(r.data!.shown?.propertyObjectsTotal).toBe(own.length);
      expect(Number(r.data!.shown?.minPrice)).toBe(
        Math.min(...own.filter((l) => l.replica === "Free").map((l) => l.price)),
      );
      expect(r.data!.hidden).toBeNull();
    });

    it("projectCards pages the Published projects newest first, filtered by region", async () => {
      const seen: string[] = [];
      let after: string | null = null;
      for (;;) {
        const r: { data?: { projectCards: Connection<{ id: string; regionId: number }> } } = await t.graphql(
          `query($after: String) { projectCards(first: 2, after: $after, filter: { regionIds: [1, 4] }) {
             edges { node { id regionId } } pageInfo { hasNextPage endCursor } } }`,
          { after },
        );
        const page = r.data!.projectCards;
        for (const e of page.edges) {
          expect([1, 4]).toContain(e.node.regionId);
          seen.push(e.node.id);
        }
        if (!page.pageInfo.hasNextPage) break;
        after = page.pageInfo.endCursor;
      }
      // projects with p % 4 ∈ {0, 3}: 0, 3 (hidden), 4, 7, 8 → newest first = smallest p first
      expect(seen).toEqual([0, 4, 7, 8].map((p) => syntheticProjectId(TAG, p)));
    });
  });
});

describeWithService(
  "postgres",
  "storefront: catalogFilters regions and cities come from the published cards",
  () => {
    const GEO = "geo";
    let t: TestApp;
    interface Facet {
      value: number;
      label: string | null;
      count: number;
    }
    async function geoFacets(filter: Record<string, unknown> | null = null) {
      const r = await t.graphql<{ catalogFilters: { total: number; regions: Facet[]; cities: Facet[] } }>(
        `query($f: LotFilter) { catalogFilters(filter: $f) { total regions { value label count } cities { value label count } } }`,
        { f: filter },
      );
      expect(r.errors).toBeUndefined();
      return r.data!.catalogFilters;
    }

    beforeAll(async () => {
      t = await startTestApp({ roles: ["api"], env: { PIN_CATALOG_LOTS_ANONYMOUS_PER_MINUTE: "10000" } });
      // Projects 0 and 4 are in region 1 ("Region 1"), each with 2 lots.
      await seedSyntheticCards(t.db, { tag: GEO, projects: 5, lotsPerProject: 2, now: NOW });
      // A published project with geo and no lot yet; a hidden one (never listed).
      for (const [tag, region, status] of [
        ["geo-empty", 9, "Published"],
        ["geo-hidden", 10, "Hidden"],
      ] as const) {
        const id = (await seedSyntheticCards(t.db, { tag, projects: 1, lotsPerProject: 0, now: NOW }))
          .projectIds[0];
        await t.db.$executeRaw`
        UPDATE catalog.project_cards SET status = ${status}, source_status = ${status},
          region_id = ${region}, region_name = ${`Region ${region}`},
          city_id = ${region * 100 + 1}, city_name = ${`City ${region * 100 + 1}`}
        WHERE id = ${id}::uuid`;
      }
      // Region 1 renamed: chessboard re-published project 4 (a later sync, flow A renamed its lots
      // too); project 0 still carries the old name until its own re-publication arrives.
      const renamed = syntheticProjectId(GEO, 4);
      const later = new Date(NOW.getTime() + 60_000);
      await t.db.$executeRaw`
      UPDATE catalog.project_cards SET region_name = 'Северный край', chessboard_synced_at = ${later}
      WHERE id = ${renamed}::uuid`;
      await t.db.$executeRaw`
      UPDATE catalog.property_object_cards SET region_name = 'Северный край' WHERE project_id = ${renamed}::uuid`;
    }, 60_000);

    afterAll(async () => {
      await t?.stop();
    });

    it("catalogFilters: a published project with geo lists its region and city before its first lot arrives (count 0)", async () => {
      const f = await geoFacets();
      expect(f.regions).toContainEqual({ value: 9, label: "Region 9", count: 0 });
      expect(f.cities).toContainEqual({ value: 901, label: "City 901", count: 0 });
      // the card-level filters still apply: another region's city filter leaves region 9 out
      const other = await geoFacets({ cityIds: [100] });
      expect(other.regions.map((r) => r.value)).toEqual([1]);
    });

    it("catalogFilters: a hidden project's region and city are not listed", async () => {
      const f = await geoFacets();
      expect(f.regions.map((r) => r.value)).not.toContain(10);
      expect(f.cities.map((c) => c.value)).not.toContain(1001);
    });

    it("catalogFilters: a renamed region is one entry with the new name, counting the lots of all its projects", async () => {
      const f = await geoFacets();
      const region1 = f.regions.filter((r) => r.value === 1);
      expect(region1).toEqual([{ value: 1, label: "Северный край", count: 4 }]);
      expect(f.regions.map((r) => r.label)).not.toContain("Region 1");
    });
  },
);

describeWithService("postgres", "storefront: rate limit of anonymous callers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ roles: ["api"], env: { PIN_CATALOG_LOTS_ANONYMOUS_PER_MINUTE: "3" } });
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
  });

  it("anonymous storefront reads beyond the per-minute budget fail with RATE_LIMITED; signed-in callers are not limited", async () => {
    const q = `{ lots(first: 1) { edges { node { id } } } }`;
    // The budget is per clock minute (fixed windows, decision 0144): five requests that straddle a
    // minute's end would see two budgets. Start them in the first 45 s of a minute.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
    const codes: Array<unknown> = [];
    for (let i = 0; i < 5; i++) codes.push((await t.graphql(q)).errors?.[0]?.extensions?.code ?? "ok");
    expect(codes).toEqual(["ok", "ok", "ok", "RATE_LIMITED", "RATE_LIMITED"]);
    const signed = await t.graphql(q, {}, await t.tokenFor("investor"));
    expect(signed.errors).toBeUndefined();
  });
});
