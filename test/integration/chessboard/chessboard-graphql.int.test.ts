import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadChessboardGrids } from "../../../src/domain/chessboard/grid/load-chessboard-grid.js";
import { createChessboardStructure } from "../../../src/domain/chessboard/structure/chessboard-structure.service.js";
import { PrismaClient } from "../../../src/generated/prisma/client.js";
import { DEMO_DEVELOPER_ID, DEMO_SECOND_DEVELOPER_ID } from "../../../src/platform/auth/demo-users.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { describeWithService } from "../../support/services.js";
import { ADMIN, crm, wireMessage } from "./chessboard-fixtures.js";
import { createConsumerHarness } from "./consumer-harness.js";

const ERROR_FIELDS = "... on Error { code message }";

describeWithService("postgres", "chessboard GraphQL: structure mutations, grid query, access", () => {
  let t: TestApp;
  const clock = new ManualClock("2026-11-29T10:00:00.000Z");
  let adminToken: string;
  let managerToken: string;
  let otherManagerToken: string;
  let agentToken: string;
  let projectId: string;
  let buildingId: string;
  const objectIds: string[] = [];

  async function mutate(name: string, args: string, variables: Record<string, unknown>, token: string) {
    const result = await t.graphql<
      Record<string, { __typename: string; data?: { id: string }; code?: string }>
    >(
      `mutation(${args}) { ${name}(${args.replace(/\$(\w+): [^,]+/g, "$1: $$$1")}) {
         __typename ... on Mutation${name[0]!.toUpperCase()}${name.slice(1)}Success { data { id } } ${ERROR_FIELDS} } }`,
      variables,
      token,
    );
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
    return result.data![name]!;
  }

  beforeAll(async () => {
    t = await startTestApp({ clock, roles: ["api"] });
    adminToken = await t.tokenFor("admin");
    managerToken = await t.tokenFor("developer_manager");
    otherManagerToken = await t.tokenFor("developer_manager", { tenantId: DEMO_SECOND_DEVELOPER_ID });
    agentToken = await t.tokenFor("agent");

    const developer = await mutate(
      "upsertChessboardDeveloper",
      "$id: ID!, $name: String!",
      { id: DEMO_DEVELOPER_ID, name: "Demo Developer" },
      adminToken,
    );
    expect(developer.__typename).toBe("MutationUpsertChessboardDeveloperSuccess");
    const project = await mutate(
      "createChessboardProject",
      "$developerId: ID!, $input: ChessboardProjectInput!",
      {
        developerId: DEMO_DEVELOPER_ID,
        input: {
          name: "Sunrise",
          status: "Published",
          type: "ResidentialComplex",
          class: "Comfort",
          constructionStatus: "UnderConstruction",
          country: { id: 643, name: "Russia", isoCode: "RU" },
          city: { id: 1, name: "Moscow" },
          addressLine: "Tverskaya 1",
        },
      },
      managerToken,
    );
    projectId = project.data!.id;
    const building = await mutate(
      "createChessboardBuilding",
      "$projectId: ID!, $input: ChessboardBuildingInput!",
      {
        projectId,
        input: {
          name: "Building 1",
          status: "Published",
          floorsTotal: 3,
          sectionsCount: 2,
          constructionStatus: "UnderConstruction",
        },
      },
      managerToken,
    );
    buildingId = building.data!.id;
    for (const [number, floor, section] of [
      ["101", 1, 1],
      ["102", 1, 2],
      ["201", 2, 1],
    ] as const) {
      const object = await mutate(
        "createPropertyObject",
        "$buildingId: ID!, $price: Decimal!, $input: PropertyObjectInput!",
        {
          buildingId,
          price: "10000000.00",
          input: {
            number,
            floor,
            section,
            rooms: 2,
            totalArea: "50.00",
            propertyType: "Apartment",
            windowViews: ["Park"],
          },
        },
        managerToken,
      );
      expect(object.__typename).toBe("MutationCreatePropertyObjectSuccess");
      objectIds.push(object.data!.id);
    }
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("developer staff edit only their own developer's chessboard (CHESSBOARD_FORBIDDEN otherwise)", async () => {
    const result = await mutate(
      "changePropertyObjectPrice",
      "$id: ID!, $price: Decimal!",
      { id: objectIds[0], price: "1.00" },
      otherManagerToken,
    );
    expect(result).toMatchObject({ __typename: "ForbiddenError", code: "CHESSBOARD_FORBIDDEN" });
    const agent = await mutate(
      "changePropertyObjectPrice",
      "$id: ID!, $price: Decimal!",
      { id: objectIds[0], price: "1.00" },
      agentToken,
    );
    expect(agent.code).toBe("CHESSBOARD_FORBIDDEN");
  });

  it("every structure change commits with its event in chessboard's outbox", async () => {
    const rows = await t.db.$queryRaw<Array<{ topic: string; n: bigint }>>`
      SELECT topic, count(*) AS n FROM platform.outbox WHERE topic LIKE 'pin.chessboard.%' GROUP BY topic`;
    const counts = Object.fromEntries(rows.map((r) => [r.topic, Number(r.n)]));
    expect(counts).toMatchObject({
      [TOPIC.developerUpserted]: 1,
      [TOPIC.projectUpserted]: 1,
      [TOPIC.buildingUpserted]: 1,
      [TOPIC.propertyObjectUpserted]: 3,
    });
  });

  it("any signed-in user reads any developer's grid: sections × floors × apartments with status, price, rooms, area, version", async () => {
    const result = await t.graphql<{
      chessboard: {
        sections: Array<{
          section: number;
          floors: Array<{ floor: number; cells: Array<Record<string, unknown>> }>;
        }>;
      };
    }>(
      `query($id: ID!) { chessboard(buildingId: $id) { buildingName projectName sections { section floors { floor cells { number status price rooms totalArea version } } } } }`,
      { id: buildingId },
      agentToken,
    );
    expect(result.errors).toBeUndefined();
    const sections = result.data!.chessboard.sections;
    expect(sections.map((s) => s.section)).toEqual([1, 2]);
    // floors come from the objects that exist (decision 0140), not from floorsTotal
    expect(sections[0]!.floors.map((f) => f.floor)).toEqual([2, 1]);
    expect(sections[0]!.floors[1]!.cells).toEqual([
      { number: "101", status: "Free", price: "10000000.00", rooms: 2, totalArea: "50.00", version: 1 },
    ]);
    const anonymous = await t.graphql(`query($id: ID!) { chessboard(buildingId: $id) { buildingName } }`, {
      id: buildingId,
    });
    expect(anonymous.errors?.[0]?.extensions?.code ?? anonymous.errors?.[0]?.message).toBeTruthy();
  });

  it("the grid is read with a constant number of SQL queries (3), whatever the number of buildings and apartments", async () => {
    const structure = createChessboardStructure({ db: t.db, clock });
    const second = await structure.createBuilding(ADMIN, {
      projectId,
      name: "Building 2",
      status: "Published",
      floorsTotal: 10,
      sectionsCount: 1,
      constructionStatus: "Planned",
    });
    for (let floor = 1; floor <= 10; floor++) {
      await structure.createPropertyObject(ADMIN, {
        buildingId: second.id,
        number: String(floor * 100 + 1),
        floor,
        section: 1,
        rooms: 1,
        totalArea: "30.00",
        livingArea: null,
        price: "5000000.00",
        propertyType: "Apartment",
      });
    }
    const counting = new PrismaClient({
      adapter: new PrismaPg({ connectionString: t.app.databaseUrl }),
      log: [{ emit: "event", level: "query" }],
    });
    let queries = 0;
    counting.$on("query", () => {
      queries += 1;
    });
    try {
      await loadChessboardGrids(counting, { buildingIds: [buildingId] });
      const oneBuilding = queries;
      queries = 0;
      const grids = await loadChessboardGrids(counting, { projectId });
      expect(grids.flatMap((g) => g.sections.flatMap((s) => s.floors.flatMap((f) => f.cells)))).toHaveLength(
        13,
      );
      // buildings, their projects (Prisma's include), all their objects
      expect(oneBuilding).toBe(3);
      expect(queries).toBe(3);
    } finally {
      await counting.$disconnect();
    }
  });

  it("changing the price publishes property-object-price-changed with the next Version", async () => {
    const result = await mutate(
      "changePropertyObjectPrice",
      "$id: ID!, $price: Decimal!",
      { id: objectIds[2], price: "11000000.00" },
      managerToken,
    );
    expect(result.__typename).toBe("MutationChangePropertyObjectPriceSuccess");
    const [event] = await t.db.$queryRaw<Array<{ payload: Record<string, unknown> }>>`
      SELECT payload FROM platform.outbox WHERE topic = ${TOPIC.propertyObjectPriceChanged} AND key = ${objectIds[2]}`;
    expect(event?.payload).toMatchObject({
      OldPrice: "10000000.00",
      NewPrice: "11000000.00",
      Version: 2,
      PricePerMeter: "220000.00",
    });
  });

  it("hiding or re-pricing an object on hold is refused with CHESSBOARD_PROPERTY_OBJECT_ON_HOLD; so is hiding its building", async () => {
    const harness = createConsumerHarness(t.db, clock);
    const booking = {
      bookingId: crypto.randomUUID(),
      dealId: crypto.randomUUID(),
      propertyObjectId: objectIds[0]!,
      tenantId: DEMO_DEVELOPER_ID,
    };
    expect(await harness.deliver(wireMessage(TOPIC.bookingCreated, crm.created(booking, clock.now())))).toBe(
      "applied",
    );

    const price = await mutate(
      "changePropertyObjectPrice",
      "$id: ID!, $price: Decimal!",
      { id: objectIds[0], price: "1.00" },
      managerToken,
    );
    expect(price).toMatchObject({
      __typename: "IllegalStateError",
      code: "CHESSBOARD_PROPERTY_OBJECT_ON_HOLD",
    });
    const hide = await mutate(
      "setPropertyObjectHidden",
      "$id: ID!, $hidden: Boolean!",
      { id: objectIds[0], hidden: true },
      managerToken,
    );
    expect(hide.code).toBe("CHESSBOARD_PROPERTY_OBJECT_ON_HOLD");
    const hideBuilding = await mutate(
      "setChessboardBuildingHidden",
      "$id: ID!, $hidden: Boolean!",
      { id: buildingId, hidden: true },
      managerToken,
    );
    expect(hideBuilding.code).toBe("CHESSBOARD_PROPERTY_OBJECT_ON_HOLD");

    await harness.deliver(wireMessage(TOPIC.bookingCancelled, crm.cancelled(booking, 2, clock.now())));
  });

  it("hiding a building publishes Hidden statuses for its objects (ASM-1); showing it restores them", async () => {
    const hidden = await mutate(
      "setChessboardBuildingHidden",
      "$id: ID!, $hidden: Boolean!",
      { id: buildingId, hidden: true },
      managerToken,
    );
    expect(hidden.__typename).toBe("MutationSetChessboardBuildingHiddenSuccess");
    const statuses = async () =>
      t.db.$queryRaw<Array<{ key: string; to: string; source: string }>>`
        SELECT key, payload->>'ToStatus' AS to, payload->>'StatusSource' AS source FROM platform.outbox
        WHERE topic = ${TOPIC.propertyObjectStatusChanged} AND payload->>'StatusSource' = 'BuildingCascade' ORDER BY id`;
    expect((await statuses()).map((s) => s.to)).toEqual(["Hidden", "Hidden", "Hidden"]);
    const objects = await t.db.chessboardPropertyObject.findMany({ where: { buildingId } });
    expect(objects.every((o) => o.status === "Hidden")).toBe(true);

    await mutate(
      "setChessboardBuildingHidden",
      "$id: ID!, $hidden: Boolean!",
      { id: buildingId, hidden: false },
      managerToken,
    );
    expect((await statuses()).map((s) => s.to).slice(3)).toEqual(["Free", "Free", "Free"]);
  });
});
