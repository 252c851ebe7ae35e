import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  seedSyntheticCards,
  syntheticLotId,
  syntheticProjectId,
} from "../../../src/domain/catalog/seed/synthetic-cards.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { createDisplayOverrideExpiryWorker } from "../../../src/workers/display-override-expiry.worker.js";
import { WORKERS } from "../../../src/workers/index.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService } from "../../support/services.js";

const TAG = "ops";
const PROJECTS = 6;
const LOTS_PER_PROJECT = 20;
const START = new Date("2026-01-01T00:00:00.000Z");
const REBUILD_CHUNK = 4;

const lotCard = (t: TestApp, id: string) =>
  t.db.catalogPropertyObjectCard.findUniqueOrThrow({ where: { id } });
const projectCard = (t: TestApp, id: string) => t.db.catalogProjectCard.findUniqueOrThrow({ where: { id } });

async function inFeed(t: TestApp, projectId: string): Promise<string[]> {
  const r = await t.graphql<{ lots: { edges: Array<{ node: { id: string } }> } }>(
    `query($p: ID!) { lots(first: 100, filter: { projectIds: [$p] }) { edges { node { id } } } }`,
    { p: projectId },
  );
  return r.data!.lots.edges.map((e) => e.node.id);
}

describeWithService(
  "postgres",
  "catalog operations: display overrides, projection rebuild, reconciliation",
  () => {
    let t: TestApp;
    let clock: ManualClock;

    beforeAll(async () => {
      clock = new ManualClock(START);
      t = await startTestApp({
        clock,
        roles: ["api", "workers"],
        env: {
          PIN_CATALOG_REBUILD_CHUNK_SIZE: String(REBUILD_CHUNK),
          PIN_CATALOG_REBUILD_CYCLE_SECONDS: "1",
          PIN_CATALOG_OVERRIDE_EXPIRY_CYCLE_SECONDS: "3600",
        },
      });
      await seedSyntheticCards(t.db, {
        tag: TAG,
        projects: PROJECTS,
        lotsPerProject: LOTS_PER_PROJECT,
        now: START,
      });
    }, 60_000);

    afterAll(async () => {
      await t?.stop();
    });

    const setLot = `mutation($id: ID!, $in: PropertyObjectDisplayOverrideInput!) {
    setPropertyObjectDisplayOverride(propertyObjectId: $id, input: $in) {
      __typename ... on MutationSetPropertyObjectDisplayOverrideSuccess { data { lotsChanged projectsChanged expiresAt } }
      ... on Error { code } } }`;
    const setProject = `mutation($id: ID!, $in: ProjectDisplayOverrideInput!) {
    setProjectDisplayOverride(projectId: $id, input: $in) {
      __typename ... on MutationSetProjectDisplayOverrideSuccess { data { lotsChanged } } ... on Error { code } } }`;
    const setBuilding = `mutation($id: ID!, $in: BuildingDisplayOverrideInput!) {
    setBuildingDisplayOverride(buildingId: $id, input: $in) {
      __typename ... on MutationSetBuildingDisplayOverrideSuccess { data { lotsChanged } } ... on Error { code } } }`;
    const remove = `mutation($t: DisplayOverrideTarget!, $id: ID!) {
    deleteDisplayOverride(target: $t, id: $id) { __typename ... on Error { code } } }`;

    describe("display overrides", () => {
      it("override set: a lot's price override changes its effective price, price per metre and the project's MinPrice; delete restores the snapshot", async () => {
        const projectId = syntheticProjectId(TAG, 1);
        const lotId = syntheticLotId(TAG, 21); // project 1's first lot, Free
        const before = await lotCard(t, lotId);
        const r = await t.graphql<{
          setPropertyObjectDisplayOverride: { __typename: string; data: { lotsChanged: number } };
        }>(
          setLot,
          { id: lotId, in: { price: "1000000.00", title: "Акция", badge: "Скидка" } },
          await t.tokenFor("pin_manager"),
        );
        expect(r.errors).toBeUndefined();
        expect(r.data!.setPropertyObjectDisplayOverride.data.lotsChanged).toBe(1);
        const lot = await lotCard(t, lotId);
        expect(lot.price.toFixed(2)).toBe("1000000.00");
        expect(lot.pricePerMeter.toFixed(2)).toBe((1_000_000 / Number(lot.areaTotal)).toFixed(2));
        expect(lot.title).toBe("Акция");
        expect(lot.sourcePrice.toFixed(2)).toBe(before.sourcePrice.toFixed(2));
        expect((await projectCard(t, projectId)).minPrice?.toFixed(2)).toBe("1000000.00");

        const d = await t.graphql<{ deleteDisplayOverride: { __typename: string } }>(
          remove,
          { t: "PropertyObject", id: lotId },
          await t.tokenFor("admin"),
        );
        expect(d.data!.deleteDisplayOverride.__typename).toBe("MutationDeleteDisplayOverrideSuccess");
        const restored = await lotCard(t, lotId);
        expect(restored.price.toFixed(2)).toBe(before.price.toFixed(2));
        expect(restored.title).toBe(before.title);
        expect((await projectCard(t, projectId)).minPrice?.toFixed(2)).not.toBe("1000000.00");
      });

      it("override IsVisible=false on a project hides the project and every lot from the feed; delete publishes them again", async () => {
        const projectId = syntheticProjectId(TAG, 2);
        const shown = await inFeed(t, projectId);
        expect(shown.length).toBeGreaterThan(0);
        const r = await t.graphql(
          setProject,
          { id: projectId, in: { isVisible: false } },
          await t.tokenFor("admin"),
        );
        expect(r.errors).toBeUndefined();
        expect(await inFeed(t, projectId)).toEqual([]);
        expect((await projectCard(t, projectId)).status).toBe("Hidden");
        await t.graphql(remove, { t: "Project", id: projectId }, await t.tokenFor("admin"));
        expect((await inFeed(t, projectId)).sort()).toEqual(shown.sort());
        expect((await projectCard(t, projectId)).status).toBe("Published");
      });

      it("override of a building: IsVisible=false hides its lots and the project's aggregates drop to zero", async () => {
        const projectId = syntheticProjectId(TAG, 3);
        const buildingId = (await lotCard(t, syntheticLotId(TAG, 61))).buildingId;
        const r = await t.graphql<{ setBuildingDisplayOverride: { __typename: string } }>(
          setBuilding,
          { id: buildingId, in: { isVisible: false, deliveryDate: "2030-12-31" } },
          await t.tokenFor("pin_manager"),
        );
        expect(r.data!.setBuildingDisplayOverride.__typename).toBe(
          "MutationSetBuildingDisplayOverrideSuccess",
        );
        expect(await inFeed(t, projectId)).toEqual([]);
        const project = await projectCard(t, projectId);
        expect(project.propertyObjectsTotal).toBe(0);
        expect(project.minPrice).toBeNull();
        await t.graphql(remove, { t: "Building", id: buildingId }, await t.tokenFor("pin_manager"));
        expect((await projectCard(t, projectId)).propertyObjectsTotal).toBeGreaterThan(0);
      });

      it("override expiry: the worker removes an expired override and recomputes the card back to the snapshot", async () => {
        const lotId = syntheticLotId(TAG, 81);
        const before = await lotCard(t, lotId);
        const expiresAt = new Date(clock.now().getTime() + 60_000).toISOString();
        const r = await t.graphql<{ setPropertyObjectDisplayOverride: { data: { expiresAt: string } } }>(
          setLot,
          { id: lotId, in: { badge: "Неделя скидок", expiresAt } },
          await t.tokenFor("admin"),
        );
        expect(r.data!.setPropertyObjectDisplayOverride.data.expiresAt).toBe(expiresAt);
        expect((await lotCard(t, lotId)).badge).toBe("Неделя скидок");

        expect(WORKERS.map((w) => w.name)).toContain("displayOverrideExpiry");
        const worker = createDisplayOverrideExpiryWorker({
          db: t.db,
          clock,
          log: createMemoryLogger().logger,
          metrics: t.metrics,
          settings: t.settings,
        });
        expect(await worker.runOnce()).toBe(0); // not expired yet
        expect((await lotCard(t, lotId)).badge).toBe("Неделя скидок");
        clock.advance(61_000);
        expect(await worker.runOnce()).toBe(1);
        const after = await lotCard(t, lotId);
        expect(after.badge).toBe(before.badge);
        expect(
          await t.db.catalogPropertyObjectDisplayOverride.count({ where: { propertyObjectId: lotId } }),
        ).toBe(0);
      });

      it("overrides: only pin_manager and admin may set them; bad input is CATALOG_OVERRIDE_INVALID; unknown target CATALOG_CARD_NOT_FOUND", async () => {
        const lotId = syntheticLotId(TAG, 22);
        for (const role of ["agent", "developer_manager", "investor"] as const) {
          const r = await t.graphql<{
            setPropertyObjectDisplayOverride: { __typename: string; code?: string };
          }>(setLot, { id: lotId, in: { badge: "x" } }, await t.tokenFor(role));
          const code = r.data?.setPropertyObjectDisplayOverride?.code ?? r.errors?.[0]?.extensions?.code;
          expect(code, role).toBe("AUTH_FORBIDDEN");
        }
        const anon = await t.graphql(setLot, { id: lotId, in: { badge: "x" } });
        expect(JSON.stringify(anon)).toContain("AUTH_REQUIRED");
        const admin = await t.tokenFor("admin");
        const cases: Array<[Record<string, unknown>, string]> = [
          [{ price: "0" }, "CATALOG_OVERRIDE_INVALID"],
          [{ title: "x".repeat(257) }, "CATALOG_OVERRIDE_INVALID"],
          [{}, "CATALOG_OVERRIDE_INVALID"],
          [{ badge: "x", expiresAt: "2020-01-01T00:00:00Z" }, "CATALOG_OVERRIDE_INVALID"],
        ];
        for (const [input, code] of cases) {
          const r = await t.graphql<{ setPropertyObjectDisplayOverride: { code: string } }>(
            setLot,
            { id: lotId, in: input },
            admin,
          );
          expect(r.data!.setPropertyObjectDisplayOverride.code).toBe(code);
        }
        const missing = await t.graphql<{ setPropertyObjectDisplayOverride: { code: string } }>(
          setLot,
          { id: "00000000-0000-4000-8000-000000000001", in: { badge: "x" } },
          admin,
        );
        expect(missing.data!.setPropertyObjectDisplayOverride.code).toBe("CATALOG_CARD_NOT_FOUND");
      });
    });

    describe("projection rebuild", () => {
      const rebuildUrl = () => new URL("/api/admin/v1/projections/rebuild", t.url).toString();
      const post = async (body: unknown, token: string | null) =>
        fetch(rebuildUrl(), {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(body),
        });

      /** A card whose effective values drifted from snapshot + overrides (as a lost write would leave it). */
      async function corrupt(lotId: string) {
        await t.db
          .$executeRaw`UPDATE catalog.property_object_cards SET price = 1, price_per_meter = 1, status = 'Hidden' WHERE id = ${lotId}::uuid`;
      }

      it("rebuild REST: admin recomputes the given cards from the stored snapshot and live overrides (200, Done)", async () => {
        const lotId = syntheticLotId(TAG, 101);
        const before = await lotCard(t, lotId);
        await corrupt(lotId);
        const response = await post(
          { ids: [lotId, "00000000-0000-4000-8000-000000000002"] },
          await t.tokenFor("admin"),
        );
        expect(response.status).toBe(200);
        const job = (await response.json()) as {
          status: string;
          total: number;
          processed: number;
          notFound: number;
          progress: number;
        };
        expect(job).toMatchObject({ status: "Done", total: 2, processed: 2, notFound: 1, progress: 1 });
        const after = await lotCard(t, lotId);
        expect(after.price.toFixed(2)).toBe(before.price.toFixed(2));
        expect(after.status).toBe(before.status);
      });

      it("rebuild REST: admin only — 401 without a token, 403 for pin_manager, 400 for a malformed body", async () => {
        expect((await post({ ids: [syntheticLotId(TAG, 101)] }, null)).status).toBe(401);
        expect(
          (await post({ ids: [syntheticLotId(TAG, 101)] }, await t.tokenFor("pin_manager"))).status,
        ).toBe(403);
        const bad = await post({ ids: ["not-a-uuid"] }, await t.tokenFor("admin"));
        expect(bad.status).toBe(400);
        expect(((await bad.json()) as { code: string }).code).toBe("CATALOG_REBUILD_INVALID");
      });

      it("rebuild with progress: a list longer than one chunk is queued (202) and the worker advances it chunk by chunk to Done", async () => {
        const ids = Array.from({ length: 30 }, (_, i) => syntheticLotId(TAG, 1 + i));
        for (const id of ids.slice(0, 5)) await corrupt(id);
        const response = await post({ ids }, await t.tokenFor("admin"));
        expect(response.status).toBe(202);
        const queued = (await response.json()) as { id: string; status: string; total: number };
        expect(queued).toMatchObject({ status: "Queued", total: 30 });
        const progressUrl = `${rebuildUrl()}/${queued.id}`;
        const seen = new Set<number>();
        const done = await eventually(async () => {
          const r = await fetch(progressUrl, {
            headers: { authorization: `Bearer ${await t.tokenFor("admin")}` },
          });
          const job = (await r.json()) as { status: string; processed: number };
          seen.add(job.processed);
          return job.status === "Done" ? job : null;
        }, "rebuild done");
        expect(done.processed).toBe(30);
        for (const p of seen) expect(p % REBUILD_CHUNK === 0 || p === 30).toBe(true);
        for (const id of ids.slice(0, 5)) expect((await lotCard(t, id)).price.toNumber()).toBeGreaterThan(1);
      });

      it("rebuild GraphQL: rebuildProjections and projectionRebuild are admin only and report progress", async () => {
        const lotId = syntheticLotId(TAG, 102);
        await corrupt(lotId);
        const mutation = `mutation($ids: [ID!]!) { rebuildProjections(ids: $ids) {
        __typename ... on MutationRebuildProjectionsSuccess { data { id status total processed } } ... on Error { code } } }`;
        const denied = await t.graphql<{ rebuildProjections: { code: string } }>(
          mutation,
          { ids: [lotId] },
          await t.tokenFor("pin_manager"),
        );
        expect(denied.data?.rebuildProjections?.code ?? denied.errors?.[0]?.extensions?.code).toBe(
          "AUTH_FORBIDDEN",
        );
        const r = await t.graphql<{
          rebuildProjections: { data: { id: string; status: string; total: number; processed: number } };
        }>(mutation, { ids: [lotId] }, await t.tokenFor("admin"));
        expect(r.data!.rebuildProjections.data).toMatchObject({ status: "Done", total: 1, processed: 1 });
        expect((await lotCard(t, lotId)).price.toNumber()).toBeGreaterThan(1);
        const read = await t.graphql<{ projectionRebuild: { data: { processed: number } } }>(
          `query($id: ID!) { projectionRebuild(id: $id) { ... on QueryProjectionRebuildSuccess { data { processed } } } }`,
          { id: r.data!.rebuildProjections.data.id },
          await t.tokenFor("admin"),
        );
        expect(read.data!.projectionRebuild.data.processed).toBe(1);
      });

      it("admin card read: catalogAdminCard shows SourceSnapshot, ChessboardVersion and ChessboardSyncedAt of any card, admin only", async () => {
        const lotId = syntheticLotId(TAG, 7); // a Hidden lot: not in the feed, readable by admin
        const q = `query($id: ID!) { catalogAdminCard(id: $id) { __typename
        ... on QueryCatalogAdminCardSuccess { data { cardType status chessboardVersion chessboardSyncedAt
          sourceSnapshot { price title chessboardVersion } lot { id } } } ... on Error { code } } }`;
        const r = await t.graphql<{
          catalogAdminCard: {
            data: {
              cardType: string;
              status: string;
              chessboardVersion: number;
              chessboardSyncedAt: string;
              sourceSnapshot: { price: string; title: string };
            };
          };
        }>(q, { id: lotId }, await t.tokenFor("admin"));
        expect(r.errors).toBeUndefined();
        expect(r.data!.catalogAdminCard.data).toMatchObject({
          cardType: "PropertyObject",
          status: "Hidden",
          chessboardVersion: 1,
          chessboardSyncedAt: START.toISOString(),
          sourceSnapshot: { title: "Lot 7" },
        });
        const denied = await t.graphql(q, { id: lotId }, await t.tokenFor("pin_manager"));
        expect(JSON.stringify(denied)).toContain("AUTH_FORBIDDEN");
      });

      it("admin card read: SourceSnapshot.AnalyticsAsOf of a project card is null until invest-analytics fills it, then shown; a rebuild keeps it", async () => {
        const projectId = syntheticProjectId(TAG, 5);
        const q = `query($id: ID!) { catalogAdminCard(id: $id) { __typename
        ... on QueryCatalogAdminCardSuccess { data { cardType sourceSnapshot { analyticsAsOf chessboardVersion } } }
        ... on Error { code } } }`;
        const read = async () => {
          const r = await t.graphql<{
            catalogAdminCard: {
              data: { cardType: string; sourceSnapshot: { analyticsAsOf: string | null } };
            };
          }>(q, { id: projectId }, await t.tokenFor("admin"));
          expect(r.errors).toBeUndefined();
          return r.data!.catalogAdminCard.data;
        };
        expect(await read()).toMatchObject({ cardType: "Project", sourceSnapshot: { analyticsAsOf: null } });
        // invest-analytics' enrichment (not in this repository yet) writes the column
        const asOf = new Date("2026-01-01T06:00:00.000Z");
        await t.db
          .$executeRaw`UPDATE catalog.project_cards SET analytics_as_of = ${asOf} WHERE id = ${projectId}::uuid`;
        expect((await read()).sourceSnapshot.analyticsAsOf).toBe(asOf.toISOString());
        await t.graphql(
          `mutation($ids: [ID!]!) { rebuildProjections(ids: $ids) { __typename } }`,
          { ids: [projectId] },
          await t.tokenFor("admin"),
        );
        expect((await read()).sourceSnapshot.analyticsAsOf).toBe(asOf.toISOString());
        // a lot's SourceSnapshot has no AnalyticsAsOf in the spec: always null
        const lot = await t.graphql<{
          catalogAdminCard: { data: { sourceSnapshot: { analyticsAsOf: null } } };
        }>(q, { id: syntheticLotId(TAG, 101) }, await t.tokenFor("admin"));
        expect(lot.data!.catalogAdminCard.data.sourceSnapshot.analyticsAsOf).toBeNull();
      });
    });
  },
);
