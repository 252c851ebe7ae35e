import { afterAll, beforeAll, expect, it } from "vitest";
import {
  DEMO_CHESSBOARD,
  seedDemoChessboard,
} from "../../../src/domain/chessboard/seed/seed-demo-structure.js";
import { createChessboardStructure } from "../../../src/domain/chessboard/structure/chessboard-structure.service.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import {
  SYSTEM_VIEWER,
  testApartment,
  testBuilding,
  testProject,
} from "../../support/chessboard-structure.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService } from "../../support/services.js";

/**
 * Issue #25 item 1 (ASM-1): a Draft building inside a Published project must not reach the
 * anonymous storefront. Chessboard publishes its objects as Hidden (the catalog hides them by its
 * normal rule) and restores them when the building is published; the staff grid is unchanged.
 * The whole path: structure command → outbox → relay → catalog consumer → `lots` over HTTP.
 */
describeWithService("postgres", "ASM-1: an unpublished building's objects never reach the storefront", () => {
  let t: TestApp;
  let projectId: string;
  let buildingId: string;
  let objectId: string;
  let manager: string;
  const structure = () => createChessboardStructure({ db: t.db, clock: t.clock });

  const anonymousLots = async () => {
    const r = await t.graphql<{ lots: { edges: Array<{ node: { id: string; price: string } }> } }>(
      `query($p: ID!) { lots(first: 10, filter: { projectIds: [$p] }) { edges { node { id price } } } }`,
      { p: projectId },
    );
    expect(r.errors).toBeUndefined();
    return r.data!.lots.edges.map((e) => e.node);
  };
  const card = () => t.db.catalogPropertyObjectCard.findUnique({ where: { id: objectId } });
  const staffGrid = async () => {
    const r = await t.graphql<{
      chessboard: { sections: Array<{ floors: Array<{ cells: Array<{ status: string; price: string }> }> }> };
    }>(
      `query($id: ID!) { chessboard(buildingId: $id) { sections { floors { cells { status price } } } } }`,
      { id: buildingId },
      manager,
    );
    expect(r.errors).toBeUndefined();
    return r.data!.chessboard.sections.flatMap((s) => s.floors.flatMap((f) => f.cells));
  };

  beforeAll(async () => {
    const clock = new ManualClock(new Date());
    t = await startTestApp({ clock });
    const { logger } = createMemoryLogger();
    await seedDemoChessboard({ db: t.db, clock, log: logger });
    const demoProject = await t.db.chessboardProject.findFirstOrThrow({
      where: { buildings: { some: { id: DEMO_CHESSBOARD.buildingId } } },
    });
    const project = await structure().createProject(
      SYSTEM_VIEWER,
      testProject(demoProject.tenantId, { name: "ЖК Черновик", addressLine: "ул. Черновая, 1" }),
    );
    projectId = project.id;
    const building = await structure().createBuilding(
      SYSTEM_VIEWER,
      testBuilding(project.id, { status: "Draft" }),
    );
    buildingId = building.id;
    objectId = (await structure().createPropertyObject(SYSTEM_VIEWER, testApartment(building.id))).id;
    manager = await t.tokenFor("developer_manager", { tenantId: demoProject.tenantId });
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
  });

  it("a Draft building's apartment reaches the catalog as Hidden and is not in anonymous `lots`; staff still see it Free with its price", async () => {
    const hidden = await eventually(async () => {
      const c = await card();
      return c?.propertyObjectStatus === "Hidden" ? c : null;
    }, "the lot card, Hidden");
    expect(hidden.propertyObjectStatus).toBe("Hidden");
    expect(await anonymousLots()).toEqual([]);
    expect(await staffGrid()).toEqual([{ status: "Free", price: "8000000.00" }]);
  }, 60_000);

  it("publishing the building restores the apartment on the storefront; back to Draft hides it again", async () => {
    const input = testBuilding(projectId);
    await structure().updateBuilding(SYSTEM_VIEWER, buildingId, { ...input, status: "Published" });
    await eventually(async () => (await card())?.propertyObjectStatus === "Free", "the lot card, Free");
    expect((await anonymousLots()).map((l) => l.id)).toEqual([objectId]);
    expect(await staffGrid()).toEqual([{ status: "Free", price: "8000000.00" }]);

    await structure().updateBuilding(SYSTEM_VIEWER, buildingId, { ...input, status: "Draft" });
    await eventually(
      async () => (await card())?.propertyObjectStatus === "Hidden",
      "the lot card, Hidden again",
    );
    expect(await anonymousLots()).toEqual([]);
    expect(await staffGrid()).toEqual([{ status: "Free", price: "8000000.00" }]);
    const events = await t.db.$queryRaw<Array<{ from: string; to: string; source: string }>>`
      SELECT payload->>'FromStatus' AS from, payload->>'ToStatus' AS to, payload->>'StatusSource' AS source
      FROM platform.outbox WHERE topic = ${TOPIC.propertyObjectStatusChanged} AND key = ${objectId}
      ORDER BY id`;
    expect(events).toEqual([
      { from: "Hidden", to: "Free", source: "BuildingCascade" },
      { from: "Free", to: "Hidden", source: "BuildingCascade" },
    ]);
  }, 60_000);
});
