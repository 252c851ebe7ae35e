import { createHash } from "node:crypto";
import {
  DEMO_DEVELOPER_ID,
  DEMO_SECOND_DEVELOPER_ID,
  DEMO_USERS
} from "../../../platform/auth/demo-users.js";
import { inProcessSystemViewer } from "../../../platform/auth/viewer.js";
import { startProgress } from "../../../platform/log/progress.js";
import { createChessboardStructure } from "../structure/chessboard-structure.service.js";
const SYSTEM = inProcessSystemViewer(DEMO_USERS.system.userId);
function demoId(name) {
  const hex = createHash("sha1").update(`pin-demo-chessboard:${name}`).digest("hex");
  const variant = (Number.parseInt(hex.slice(16, 18), 16) & 63 | 128).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}
const DEMO_DEVELOPERS = [
  { id: DEMO_DEVELOPER_ID, name: "Demo Developer \xABHorizon\xBB" },
  { id: DEMO_SECOND_DEVELOPER_ID, name: "Second Developer \xABBaltic Stroy\xBB" }
];
const DEMO_PROJECTS = [
  {
    key: "sunrise",
    developerId: DEMO_DEVELOPER_ID,
    name: "Sunrise Park",
    class: "Comfort",
    city: { id: 1, name: "Moscow" },
    region: { id: 77, name: "Moscow" },
    addressLine: "Moscow, Leningradsky prospekt 39",
    basePerMeter: 25e4,
    buildings: [
      {
        key: "b1",
        name: "Building 1",
        sections: 2,
        floors: 9,
        perFloor: 4,
        deliveryYear: 2027,
        deliveryQuarter: 2,
        readinessPercent: 60,
        constructionStatus: "UnderConstruction"
      },
      {
        key: "b2",
        name: "Building 2",
        sections: 3,
        floors: 6,
        perFloor: 3,
        deliveryYear: 2028,
        deliveryQuarter: 1,
        readinessPercent: 15,
        constructionStatus: "UnderConstruction"
      }
    ]
  },
  {
    key: "baltic",
    developerId: DEMO_SECOND_DEVELOPER_ID,
    name: "Baltic Shore",
    class: "Business",
    city: { id: 2, name: "Saint Petersburg" },
    region: { id: 78, name: "Saint Petersburg" },
    addressLine: "Saint Petersburg, Morskaya naberezhnaya 15",
    basePerMeter: 31e4,
    buildings: [
      {
        key: "b1",
        name: "Tower A",
        sections: 2,
        floors: 10,
        perFloor: 4,
        deliveryYear: 2027,
        deliveryQuarter: 4,
        readinessPercent: 40,
        constructionStatus: "UnderConstruction"
      }
    ]
  }
];
const FLOOR_LAYOUT = [
  { rooms: 0, area: 26.4 },
  { rooms: 1, area: 38.2 },
  { rooms: 2, area: 56.7 },
  { rooms: 3, area: 78.9 }
];
const FLOOR_PREMIUM = 0.01;
const VIEWS = ["Park", "City", "Courtyard", "River"];
const HIDDEN_EVERY = 23;
const LIVING_SHARE = 0.55;
function apartmentsOf(project, building) {
  const out = [];
  let index = 0;
  for (let section = 1; section <= building.sections; section++) {
    for (let floor = 1; floor <= building.floors; floor++) {
      for (let position = 0; position < building.perFloor; position++) {
        const layout = FLOOR_LAYOUT[position % FLOOR_LAYOUT.length];
        const number = `${section}${String(floor).padStart(2, "0")}${position + 1}`;
        const perMeter = project.basePerMeter * (1 + FLOOR_PREMIUM * (floor - 1));
        out.push({
          id: demoId(`${project.key}/${building.key}/${number}`),
          number,
          floor,
          section,
          rooms: layout.rooms,
          totalArea: layout.area.toFixed(2),
          livingArea: (layout.area * LIVING_SHARE).toFixed(2),
          price: (Math.round(perMeter * layout.area / 1e3) * 1e3).toFixed(2),
          windowViews: [VIEWS[(floor + position) % VIEWS.length]],
          hidden: ++index % HIDDEN_EVERY === 0
        });
      }
    }
  }
  return out;
}
async function seedDemoChessboard(deps) {
  const depth = { projects: 1, buildings: 2, apartments: 3 }[deps.upTo ?? "apartments"];
  const structure = createChessboardStructure({ db: deps.db, clock: deps.clock });
  const progress = startProgress(deps.log, {
    what: "demo chessboard",
    unit: "rows",
    total: DEMO_DEVELOPERS.length + DEMO_PROJECTS.reduce(
      (n, p) => n + 1 + p.buildings.reduce((m, b) => m + 1 + apartmentsOf(p, b).length, 0),
      0
    )
  });
  let created = 0;
  for (const developer of DEMO_DEVELOPERS) {
    if (await deps.db.chessboardDeveloper.findUnique({ where: { id: developer.id } })) continue;
    await structure.upsertDeveloper(SYSTEM, developer);
    created += 1;
    progress.tick();
  }
  for (const project of DEMO_PROJECTS) {
    const projectId = demoId(project.key);
    if (!await deps.db.chessboardProject.findUnique({ where: { id: projectId } })) {
      await structure.createProject(SYSTEM, {
        id: projectId,
        tenantId: project.developerId,
        name: project.name,
        status: "Published",
        type: "ResidentialComplex",
        class: project.class,
        constructionStatus: "UnderConstruction",
        country: { id: 643, name: "Russia", isoCode: "RU" },
        region: project.region,
        city: project.city,
        addressLine: project.addressLine,
        distanceMinutes: 15
      });
      created += 1;
      progress.tick();
    }
    for (const building of depth >= 2 ? project.buildings : []) {
      const buildingId = demoId(`${project.key}/${building.key}`);
      if (!await deps.db.chessboardBuilding.findUnique({ where: { id: buildingId } })) {
        await structure.createBuilding(SYSTEM, {
          id: buildingId,
          projectId,
          name: building.name,
          status: "Published",
          floorsTotal: building.floors,
          sectionsCount: building.sections,
          deliveryYear: building.deliveryYear,
          deliveryQuarter: building.deliveryQuarter,
          readinessPercent: building.readinessPercent,
          constructionStatus: building.constructionStatus
        });
        created += 1;
        progress.tick();
      }
      const existing = new Set(
        (await deps.db.chessboardPropertyObject.findMany({ where: { buildingId }, select: { id: true } })).map((r) => r.id)
      );
      for (const apartment of depth >= 3 ? apartmentsOf(project, building) : []) {
        if (existing.has(apartment.id)) continue;
        await structure.createPropertyObject(SYSTEM, {
          id: apartment.id,
          buildingId,
          number: apartment.number,
          floor: apartment.floor,
          section: apartment.section,
          rooms: apartment.rooms,
          totalArea: apartment.totalArea,
          livingArea: apartment.livingArea,
          price: apartment.price,
          propertyType: "Apartment",
          windowViews: apartment.windowViews
        });
        created += 1;
        progress.tick();
      }
    }
  }
  progress.done();
  return { created };
}
async function hideDemoApartments(deps) {
  const structure = createChessboardStructure({ db: deps.db, clock: deps.clock });
  const ids = DEMO_PROJECTS.flatMap(
    (project) => project.buildings.flatMap(
      (building) => apartmentsOf(project, building).filter((a) => a.hidden).map((a) => a.id)
    )
  );
  const already = await deps.db.chessboardPropertyObject.findMany({
    where: { id: { in: ids }, hiddenSelf: true },
    select: { id: true }
  });
  const skip = new Set(already.map((r) => r.id));
  let hidden = 0;
  for (const id of ids) {
    if (skip.has(id)) continue;
    await structure.setPropertyObjectHidden(SYSTEM, id, true);
    hidden += 1;
  }
  return { hidden };
}
const DEMO_CHESSBOARD = {
  projectId: demoId("sunrise"),
  buildingId: demoId("sunrise/b1"),
  /** apartment 2094 of that building (section 2, top floor): the booking examples' default */
  exampleApartmentId: demoId("sunrise/b1/2094"),
  secondDeveloperProjectId: demoId("baltic")
};
export {
  DEMO_CHESSBOARD,
  demoId,
  hideDemoApartments,
  seedDemoChessboard
};
//# sourceMappingURL=seed-demo-structure.js.map
