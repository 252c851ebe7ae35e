import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recomputeCards } from "../../../src/domain/catalog/cards/recompute-cards.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService } from "../../support/services.js";
import { subscribeField } from "../messenger/live-client.js";
import { SEVERNY, SOLNECHNY, searchLots, seedSearchCards } from "./storefront-search-fixtures.js";

interface Note {
  id: string;
  kind: string;
  title: string;
  lotId: string | null;
  savedSearchId: string | null;
  dealId: string | null;
}
const FIELDS = "id kind title lotId savedSearchId dealId";
const LIVE = `subscription($after: String) { notificationAdded(afterId: $after) { ${FIELDS} } }`;
const INBOX = `query { notifications(first: 50) { ... on QueryNotificationsSuccess { data { items { ${FIELDS} } } } } }`;
const SAVE = `mutation($name: String!, $f: LotFilter) { saveSearch(name: $name, filter: $f) {
  __typename ... on Error { code } ... on MutationSaveSearchSuccess { data { id name query filter } } } }`;
const DELETE = `mutation($id: ID!) { deleteSavedSearch(id: $id) { __typename ... on Error { code } } }`;

describeWithService("postgres", "saved searches with live alerts", () => {
  let t: TestApp;
  const clock = new ManualClock("2026-01-01T09:00:00.000Z");
  const lots = searchLots();
  const userId = randomUUID();
  let token: string;

  /** A price change the way the sync applies one: the snapshot price, then the recompute. */
  async function setPrices(ids: readonly string[], price: number) {
    await t.db.$executeRaw`
      UPDATE catalog.property_object_cards SET source_price = ${price}::numeric WHERE id = ANY(${ids}::uuid[])`;
    await t.db.$transaction((tx) =>
      recomputeCards(tx, { propertyObjectIds: ids }, { now: clock.now(), publishedAt: clock.now() }),
    );
  }

  async function save(name: string, filter: Record<string, unknown>, as = token) {
    const r = await t.graphql<{
      saveSearch: {
        __typename: string;
        code?: string;
        data?: { id: string; query: string | null; filter: string };
      };
    }>(SAVE, { name, f: filter }, as);
    return r.data?.saveSearch ?? { __typename: "none", code: r.errors?.[0]?.extensions?.code as string };
  }

  const inbox = async () =>
    (await t.graphql<{ notifications: { data: { items: Note[] } } }>(INBOX, {}, token)).data!.notifications
      .data.items;

  /** The worker has drained every change recorded so far. */
  const drained = () =>
    eventually(async () => {
      const [row] = await t.db.$queryRaw<
        Array<{ n: bigint }>
      >`SELECT count(*) AS n FROM catalog.lot_alert_changes`;
      return Number(row?.n) === 0;
    }, "alert changes drained");

  beforeAll(async () => {
    t = await startTestApp({
      clock,
      env: {
        PIN_CATALOG_SAVED_SEARCH_ALERTS_CYCLE_SECONDS: "1",
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "error",
      },
    });
    await seedSearchCards(t.db, lots);
    token = await t.tokenFor("investor", { userId });
  }, 60_000);

  afterAll(async () => {
    await t?.stop();
  });

  const solnechnyTwoRooms = lots.filter((l) => l.project === SOLNECHNY && l.rooms === 2);
  const topFloor = solnechnyTwoRooms.find((l) => l.floor === 9)!;

  describe("saving", () => {
    it("needs a token; a name of 1..100 characters; at most 20 a user; the filter comes back as LotFilter JSON", async () => {
      const anonymous = await t.graphql(SAVE, { name: "x", f: null }, null);
      expect(JSON.stringify(anonymous)).toMatch(/UNAUTHENTICATED|ForbiddenError|FORBIDDEN/);
      expect((await save("", {})).code).toBe("CATALOG_SAVED_SEARCH_INVALID");
      expect((await save("x".repeat(101), {})).code).toBe("CATALOG_SAVED_SEARCH_INVALID");
      expect((await save("bad", { readinessMin: 500 })).code).toBe("CATALOG_INVALID_FILTER");

      const other = await t.tokenFor("investor", { userId: randomUUID() });
      const saved = [];
      for (let i = 0; i < 20; i++) saved.push(await save(`s${i}`, { rooms: [i % 4], q: "квартира" }, other));
      expect(saved.every((s) => s.__typename === "MutationSaveSearchSuccess")).toBe(true);
      expect(JSON.parse(saved[1]!.data!.filter)).toEqual({ rooms: [1] });
      expect(saved[1]!.data!.query).toBe("квартира");
      expect((await save("one too many", {}, other)).code).toBe("CATALOG_SAVED_SEARCH_LIMIT");
      // another user's search is "not found" for me
      const theirs = saved[0]!.data!.id;
      const r = await t.graphql<{ deleteSavedSearch: { __typename: string; code?: string } }>(
        DELETE,
        { id: theirs },
        token,
      );
      expect(r.data!.deleteSavedSearch.code).toBe("CATALOG_SAVED_SEARCH_NOT_FOUND");
      const list = await t.graphql<{ savedSearches: unknown[] }>("{ savedSearches { id } }", {}, other);
      expect(list.data!.savedSearches).toHaveLength(20);
    });
  });

  describe("alerts", () => {
    it("a price drop into the range is delivered live exactly once (a second drop the same day adds nothing; the next day it alerts again)", async () => {
      const s = await save("Двушка в Красногорске до 5 млн", {
        q: "Красногорск",
        rooms: [2],
        priceMax: "5000000",
      });
      const searchId = s.data!.id;
      const live = subscribeField<Note>(t.wsClient(token), "notificationAdded", LIVE, {});
      // a drop that stays above the range, and one of a lot of another project: nothing
      await setPrices([topFloor.id], 5_800_000);
      await setPrices([lots.find((l) => l.project === SEVERNY && l.rooms === 2)!.id], 100_000);
      await drained();
      // into the range
      await setPrices([topFloor.id], 4_900_000);
      const note = await live.next();
      expect(note).toMatchObject({
        kind: "SavedSearchMatch",
        lotId: topFloor.id,
        savedSearchId: searchId,
        dealId: null,
      });
      expect(note.title).toContain("цена снижена");
      expect(note.title).toMatch(/4\s900\s000\s₽/);
      // falls again the same day: at most one per lot and search a day
      await setPrices([topFloor.id], 4_800_000);
      await drained();
      expect((await inbox()).filter((n) => n.lotId === topFloor.id)).toHaveLength(1);
      // the next day it alerts again
      clock.advance(24 * 3600_000);
      await setPrices([topFloor.id], 4_700_000);
      const again = await live.next();
      expect(again).toMatchObject({ kind: "SavedSearchMatch", lotId: topFloor.id });
      expect(again.title).toMatch(/4\s700\s000/);
      await live.close();
    });

    it("a lot back on sale alerts; many lots at once make one digest", async () => {
      const s = await save("Всё в Москве", { cityIds: [77] });
      const live = subscribeField<Note>(t.wsClient(token), "notificationAdded", LIVE, {});
      const severny = lots.filter((l) => l.project === SEVERNY);
      await setPrices(
        severny.map((l) => l.id),
        1_000_000,
      );
      const digest = await live.next();
      expect(digest).toMatchObject({ kind: "SavedSearchDigest", savedSearchId: s.data!.id, lotId: null });
      // 11, not 12: the two-room lot cut to 100 000 in the previous test rises to 1 000 000 (no alert)
      expect(digest.title).toContain("11 новых предложений");

      const reserved = severny[3]!;
      await t.db.$executeRaw`
        UPDATE catalog.property_object_cards SET property_object_status = 'Reserved' WHERE id = ${reserved.id}::uuid`;
      await drained();
      clock.advance(24 * 3600_000);
      // off sale longer than the back-on-sale threshold (decision 0581; its time is the database's)
      await t.db.$executeRaw`
        UPDATE catalog.lot_off_sale SET since = since - interval '1 day' WHERE lot_id = ${reserved.id}::uuid`;
      await t.db.$executeRaw`
        UPDATE catalog.property_object_cards SET property_object_status = 'Free' WHERE id = ${reserved.id}::uuid`;
      const back = await live.next();
      expect(back).toMatchObject({ kind: "SavedSearchMatch", lotId: reserved.id });
      expect(back.title).toContain("снова в продаже");
      await live.close();
    });

    it("a deleted search alerts no more", async () => {
      const s = await save("Студии Красногорска", { q: "студия", cityIds: [SOLNECHNY.cityId] });
      const r = await t.graphql<{ deleteSavedSearch: { __typename: string } }>(
        DELETE,
        { id: s.data!.id },
        token,
      );
      expect(r.data!.deleteSavedSearch.__typename).toBe("MutationDeleteSavedSearchSuccess");
      const studio = lots.find((l) => l.project === SOLNECHNY && l.rooms === 0)!;
      await setPrices([studio.id], 900_000);
      await drained();
      expect((await inbox()).filter((n) => n.savedSearchId === s.data!.id)).toEqual([]);
    });
  });
});
