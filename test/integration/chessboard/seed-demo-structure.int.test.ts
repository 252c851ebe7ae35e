import { afterAll, beforeAll, expect, it } from "vitest";
import { loadChessboardGrids } from "../../../src/domain/chessboard/grid/load-chessboard-grid.js";
import {
  DEMO_CHESSBOARD,
  hideDemoApartments,
  seedDemoChessboard,
} from "../../../src/domain/chessboard/seed/seed-demo-structure.js";
import { DEMO_DEVELOPER_ID, DEMO_SECOND_DEVELOPER_ID } from "../../../src/platform/auth/demo-users.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { describeWithService } from "../../support/services.js";

const DEMO_APARTMENTS = 2 * 9 * 4 + 3 * 6 * 3 + 2 * 10 * 4;

describeWithService("postgres", "chessboard demo seed", () => {
  let database: MigratedDatabase;
  const clock = new ManualClock("2026-11-29T10:00:00.000Z");
  const { logger } = createMemoryLogger();

  beforeAll(async () => {
    database = await createMigratedDatabase("chess_seed");
  });
  afterAll(async () => {
    await database?.drop();
  });

  const outboxCount = async (topic: string) => {
    const [row] = await database.prisma.$queryRaw<Array<{ n: bigint }>>`
      SELECT count(*) AS n FROM platform.outbox WHERE topic = ${topic}`;
    return Number(row?.n ?? 0);
  };

  it("seeds two developers, two projects and ~200 priced apartments through the command path (events published)", async () => {
    await seedDemoChessboard({ db: database.prisma, clock, log: logger });
    const developers = await database.prisma.chessboardDeveloper.findMany({ orderBy: { id: "asc" } });
    expect(developers.map((d) => d.id)).toEqual([DEMO_DEVELOPER_ID, DEMO_SECOND_DEVELOPER_ID]);
    expect(await database.prisma.chessboardProject.count()).toBe(2);
    expect(await database.prisma.chessboardPropertyObject.count()).toBe(DEMO_APARTMENTS);
    // The hidden apartments are a second step (decision 0421: run once the catalog has the
    // apartments, so their status changes are never parked), as `npm start` runs them.
    expect(await database.prisma.chessboardPropertyObject.count({ where: { status: "Hidden" } })).toBe(0);
    const { hidden } = await hideDemoApartments({ db: database.prisma, clock, log: logger });
    expect(hidden).toBeGreaterThan(0);
    expect(await database.prisma.chessboardPropertyObject.count({ where: { status: "Hidden" } })).toBe(
      hidden,
    );
    expect(await database.prisma.chessboardPropertyObject.count({ where: { price: { lte: 0 } } })).toBe(0);
    expect(await outboxCount(TOPIC.propertyObjectUpserted)).toBe(DEMO_APARTMENTS);
    expect(await outboxCount(TOPIC.projectUpserted)).toBe(2);

    const [grid] = await loadChessboardGrids(database.prisma, { buildingIds: [DEMO_CHESSBOARD.buildingId] });
    expect(grid?.sections).toHaveLength(2);
    expect(grid?.sections[0]?.floors).toHaveLength(9);
    expect(grid?.sections[0]?.floors[0]?.cells).toHaveLength(4);
  });

  it("is idempotent: a second start reuses the data and publishes nothing", async () => {
    const before = await outboxCount(TOPIC.propertyObjectUpserted);
    const second = await seedDemoChessboard({ db: database.prisma, clock, log: logger });
    expect(second.created).toBe(0);
    expect((await hideDemoApartments({ db: database.prisma, clock, log: logger })).hidden).toBe(0);
    expect(await outboxCount(TOPIC.propertyObjectUpserted)).toBe(before);
    expect(await database.prisma.chessboardPropertyObject.count()).toBe(DEMO_APARTMENTS);
  });
});
