import { DEMO_CHESSBOARD } from "../../src/domain/chessboard/seed/seed-demo-structure.js";
import {
  type BuildingInput,
  createChessboardStructure,
  type ProjectInput,
  type PropertyObjectInput,
} from "../../src/domain/chessboard/structure/chessboard-structure.service.js";
import { DEMO_USERS } from "../../src/platform/auth/demo-users.js";
import { inProcessSystemViewer, type Viewer } from "../../src/platform/auth/viewer.js";
import type { Clock } from "../../src/platform/clock/clock.js";
import type { Db } from "../../src/platform/db/prisma-client.js";

/**
 * Inputs of chessboard's structure commands for tests — a published project, a building, an
 * apartment — with defaults a test overrides where it cares. Tests write their structure through
 * these commands, so the relay publishes every row like any structure change.
 */

export const SYSTEM_VIEWER: Viewer = inProcessSystemViewer(DEMO_USERS.system.userId);

export type TestProjectInput = ProjectInput & { tenantId: string };
export type TestBuildingInput = BuildingInput & { projectId: string };
export type TestApartmentInput = PropertyObjectInput & { buildingId: string; price: string };

/** A published business-class residential complex in Moscow, under construction. */
export function testProject(tenantId: string, fields: Partial<ProjectInput> = {}): TestProjectInput {
  return {
    tenantId,
    name: "ЖК Тестовый",
    status: "Published",
    type: "ResidentialComplex",
    class: "Business",
    constructionStatus: "UnderConstruction",
    country: { id: 643, name: "Russia", isoCode: "RU" },
    region: { id: 77, name: "Москва" },
    city: { id: 1, name: "Москва" },
    addressLine: "ул. Тестовая, 1",
    ...fields,
  };
}

/** A published building of 10 floors and one section, delivered in Q4 2027. */
export function testBuilding(projectId: string, fields: Partial<BuildingInput> = {}): TestBuildingInput {
  return {
    projectId,
    name: "Корпус 1",
    status: "Published",
    floorsTotal: 10,
    sectionsCount: 1,
    deliveryYear: 2027,
    deliveryQuarter: 4,
    constructionStatus: "UnderConstruction",
    ...fields,
  };
}

/** Apartment No. 1: one room, 40 m², floor 2, section 1, 8 000 000. */
export function testApartment(
  buildingId: string,
  fields: Partial<Omit<TestApartmentInput, "buildingId">> = {},
): TestApartmentInput {
  return {
    buildingId,
    number: "1",
    floor: 2,
    section: 1,
    rooms: 1,
    totalArea: "40.00",
    livingArea: null,
    price: "8000000.00",
    propertyType: "Apartment",
    ...fields,
  };
}

/**
 * A project → building → apartment of the test's own (random ids) under the demo developer (seed
 * the demo chessboard first): the demo's fixed ids are shared by every run on the shared Kafka, so
 * their rows would also take other runs' events.
 */
export async function createApartmentUnderDemoDeveloper(
  deps: { db: Db; clock: Clock },
  project: Pick<ProjectInput, "name" | "addressLine">,
) {
  const structure = createChessboardStructure(deps);
  const demoProject = await deps.db.chessboardProject.findFirstOrThrow({
    where: { buildings: { some: { id: DEMO_CHESSBOARD.buildingId } } },
  });
  const created = await structure.createProject(SYSTEM_VIEWER, testProject(demoProject.tenantId, project));
  const building = await structure.createBuilding(SYSTEM_VIEWER, testBuilding(created.id));
  const object = await structure.createPropertyObject(SYSTEM_VIEWER, testApartment(building.id));
  return { developerId: demoProject.tenantId, project: created, building, object };
}
