import { randomUUID } from "node:crypto";
import { createChessboardStructure } from "../../../src/domain/chessboard/structure/chessboard-structure.service.js";
import { systemClock } from "../../../src/platform/clock/clock.js";
import type { Db } from "../../../src/platform/db/prisma-client.js";
import {
  SYSTEM_VIEWER,
  testApartment,
  testBuilding,
  testProject,
} from "../../support/chessboard-structure.js";

/**
 * The stream's world, written through chessboard's own commands (so every row is published by the
 * relay like any structure change): one developer, a project, one building per lane with the
 * lane's apartments, and a paid booking programme next to the free default one.
 */
export interface World {
  readonly developerId: string;
  readonly projectId: string;
  readonly paidProgramId: string;
  readonly lanes: ReadonlyArray<{ readonly buildingId: string; readonly objectIds: readonly string[] }>;
}

const FLOORS = 30;
export const BASE_PRICE = 8_000_000;

export async function createWorld(db: Db, lanes: number, objectsPerLane: number): Promise<World> {
  const structure = createChessboardStructure({ db, clock: systemClock });
  const developerId = randomUUID();
  await structure.upsertDeveloper(SYSTEM_VIEWER, { id: developerId, name: "Faults Developer" });
  const project = await structure.createProject(
    SYSTEM_VIEWER,
    testProject(developerId, { name: "ЖК Отказоустойчивый", addressLine: "ул. Сбойная, 1" }),
  );
  const out: Array<{ buildingId: string; objectIds: string[] }> = [];
  for (let lane = 0; lane < lanes; lane++) {
    const building = await structure.createBuilding(
      SYSTEM_VIEWER,
      testBuilding(project.id, {
        name: `Корпус ${lane + 1}`,
        floorsTotal: FLOORS,
        deliveryYear: 2028,
        deliveryQuarter: 2,
      }),
    );
    const objectIds: string[] = [];
    for (let i = 0; i < objectsPerLane; i++) {
      const object = await structure.createPropertyObject(
        SYSTEM_VIEWER,
        testApartment(building.id, {
          number: String(i + 1),
          floor: 1 + (i % FLOORS),
          rooms: 1 + (i % 3),
          price: `${BASE_PRICE + i * 1000}.00`,
        }),
      );
      objectIds.push(object.id);
    }
    out.push({ buildingId: building.id, objectIds });
  }
  const paidProgramId = randomUUID();
  await db.crmBookingProgram.create({
    data: {
      id: paidProgramId,
      tenantId: developerId,
      name: "Paid",
      reserveDurationMinutes: 120,
      bookingDurationHours: 48,
      isPaid: true,
      isDefault: false,
      createdAt: new Date(),
    },
  });
  return { developerId, projectId: project.id, paidProgramId, lanes: out };
}
