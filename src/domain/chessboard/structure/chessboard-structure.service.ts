import { randomUUID } from "node:crypto";
import type {
  BuildingStatus,
  ConstructionStatus,
  DeveloperStatus,
  ProjectClass,
  ProjectStatus,
  ProjectType,
  PropertyType,
  WindowViewKind,
} from "../../../contracts/chessboard-events.js";
import { RUB_CURRENCY } from "../../../contracts/chessboard-events.js";
import type { Viewer } from "../../../platform/auth/viewer.js";
import type { Clock } from "../../../platform/clock/clock.js";
import type { Db, Tx } from "../../../platform/db/prisma-client.js";
import { ConflictError } from "../../../platform/errors/domain-error.js";
import { CHESSBOARD_ERROR, notFound, onHold } from "../chessboard.errors.js";
import { lockPropertyObject } from "../property-object/lock-property-object.js";
import {
  enqueuePriceChanged,
  enqueuePropertyObjectUpserted,
  enqueueStatusChanged,
} from "../property-object/property-object.events.js";
import {
  type PropertyObjectRow,
  saleStateColumns,
  saleStateOf,
} from "../property-object/property-object.row.js";
import type { SaleState } from "../status/property-object-status.js";
import { assertMayEditTenant } from "./structure.access.js";
import {
  enqueueBuildingUpserted,
  enqueueDeveloperUpserted,
  enqueueProjectUpserted,
} from "./structure.events.js";
import {
  requireDecimal,
  requireName,
  requireRoomForObject,
  validateBuilding,
  validateProject,
  validatePropertyObject,
} from "./structure.validation.js";

export interface DeveloperInput {
  readonly id: string;
  readonly name: string;
  readonly status?: DeveloperStatus;
  readonly logoFileId?: string | null;
}

export interface ProjectInput {
  readonly name: string;
  readonly status: ProjectStatus;
  readonly type: ProjectType;
  readonly class: ProjectClass;
  readonly constructionStatus: ConstructionStatus;
  readonly country: { readonly id: number; readonly name: string; readonly isoCode: string };
  readonly region: { readonly id: number; readonly name: string } | null;
  readonly city: { readonly id: number; readonly name: string } | null;
  readonly addressLine: string;
  readonly geo?: { readonly latitude: string; readonly longitude: string } | null;
  readonly stars?: number | null;
  readonly coverImageFileId?: string | null;
  readonly shortDescription?: string | null;
  readonly distanceMinutes?: number | null;
}

export interface BuildingInput {
  readonly name: string;
  readonly status: Exclude<BuildingStatus, "Hidden">;
  readonly floorsTotal: number;
  readonly sectionsCount: number;
  readonly deliveryYear?: number | null;
  readonly deliveryQuarter?: number | null;
  readonly readinessPercent?: number | null;
  readonly constructionStatus: ConstructionStatus;
  readonly addressLine?: string | null;
}

export interface PropertyObjectInput {
  readonly number: string;
  readonly floor: number;
  readonly section: number | null;
  readonly rooms: number;
  readonly totalArea: string;
  readonly livingArea: string | null;
  readonly propertyType: PropertyType;
  readonly windowViews?: readonly WindowViewKind[];
  readonly layoutId?: string | null;
  readonly layoutGroupId?: string | null;
  readonly capacity?: number | null;
}

const DEFAULT_DEVELOPER_STATUS: DeveloperStatus = "Active";
const UNIQUE_VIOLATION = "P2002";

/**
 * Developer-staff commands on the structure. Every change commits with its event through
 * chessboard's own outbox; the demo seed uses the same functions so its events are published too.
 */
export function createChessboardStructure(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function developerOrThrow(tx: Tx, id: string) {
    const developer = await tx.chessboardDeveloper.findUnique({ where: { id } });
    if (!developer) throw notFound(CHESSBOARD_ERROR.developerNotFound, "Developer", id);
    return developer;
  }
  async function projectOrThrow(tx: Tx, id: string) {
    const project = await tx.chessboardProject.findUnique({ where: { id } });
    if (!project) throw notFound(CHESSBOARD_ERROR.projectNotFound, "Project", id);
    return project;
  }
  async function buildingOrThrow(tx: Tx, id: string, lock = false) {
    if (lock) await tx.$queryRaw`SELECT id FROM chessboard.buildings WHERE id = ${id}::uuid FOR UPDATE`;
    const building = await tx.chessboardBuilding.findUnique({ where: { id } });
    if (!building) throw notFound(CHESSBOARD_ERROR.buildingNotFound, "Building", id);
    return building;
  }
  async function objectOrThrow(tx: Tx, id: string) {
    const row = await lockPropertyObject(tx, id);
    if (!row) throw notFound(CHESSBOARD_ERROR.propertyObjectNotFound, "Property object", id);
    return row;
  }

  function projectColumns(input: ProjectInput) {
    validateProject(input);
    return {
      name: requireName(input.name, "name"),
      status: input.status,
      type: input.type,
      class: input.class,
      constructionStatus: input.constructionStatus,
      countryId: input.country.id,
      countryName: input.country.name,
      countryIsoCode: input.country.isoCode,
      regionId: input.region?.id ?? null,
      regionName: input.region?.name ?? null,
      cityId: input.city?.id ?? null,
      cityName: input.city?.name ?? null,
      addressLine: requireName(input.addressLine, "addressLine"),
      geoLatitude: input.geo?.latitude ?? null,
      geoLongitude: input.geo?.longitude ?? null,
      stars: input.stars ?? null,
      coverImageFileId: input.coverImageFileId ?? null,
      shortDescription: input.shortDescription ?? null,
      distanceMinutes: input.distanceMinutes ?? null,
      currencyIsoCode: RUB_CURRENCY.IsoCode,
    };
  }

  function buildingColumns(input: BuildingInput) {
    validateBuilding(input);
    return {
      name: requireName(input.name, "name"),
      floorsTotal: input.floorsTotal,
      sectionsCount: input.sectionsCount,
      deliveryYear: input.deliveryYear ?? null,
      deliveryQuarter: input.deliveryQuarter ?? null,
      readinessPercent: input.readinessPercent ?? null,
      constructionStatus: input.constructionStatus,
      addressLine: input.addressLine ?? null,
    };
  }

  function objectColumns(input: PropertyObjectInput) {
    return {
      number: input.number.trim(),
      floor: input.floor,
      section: input.section,
      rooms: input.rooms,
      totalArea: input.totalArea,
      livingArea: input.livingArea,
      propertyType: input.propertyType,
      windowViews: [...(input.windowViews ?? [])],
      layoutId: input.layoutId ?? null,
      layoutGroupId: input.layoutGroupId ?? null,
      capacity: input.capacity ?? null,
    };
  }

  function numberTaken(error: unknown): never {
    if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) {
      throw new ConflictError(
        CHESSBOARD_ERROR.numberTaken,
        "Another object of this building has that number",
      );
    }
    throw error;
  }

  /** Applies a new sale state to a locked row; publishes status-changed when the status moved. */
  async function changeSaleState(
    tx: Tx,
    row: PropertyObjectRow,
    next: SaleState,
    source: "Manual" | "BuildingCascade",
  ) {
    const columns = saleStateColumns(next);
    if (
      columns.status === row.status &&
      columns.hiddenSelf === row.hiddenSelf &&
      columns.hiddenByBuilding === row.hiddenByBuilding
    ) {
      return row;
    }
    const now = clock.now();
    const statusMoved = columns.status !== row.status;
    const after = await tx.chessboardPropertyObject.update({
      where: { id: row.id },
      data: {
        ...columns,
        ...(statusMoved ? { version: { increment: 1 }, statusChangedAt: now } : {}),
        updatedAt: now,
      },
    });
    if (statusMoved) await enqueueStatusChanged(tx, clock, row, after, source);
    return after;
  }

  return {
    /** Admin (or the system seed) registers or renames a developer; the id is the TenantId. */
    async upsertDeveloper(viewer: Viewer, input: DeveloperInput) {
      assertMayEditTenant(viewer, input.id);
      const name = requireName(input.name, "name");
      return db.$transaction(async (tx) => {
        const now = clock.now();
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${input.id}))`;
        const existing = await tx.chessboardDeveloper.findUnique({ where: { id: input.id } });
        const row = existing
          ? await tx.chessboardDeveloper.update({
              where: { id: input.id },
              data: {
                name,
                status: input.status ?? existing.status,
                logoFileId: input.logoFileId === undefined ? existing.logoFileId : input.logoFileId,
                version: { increment: 1 },
                updatedAt: now,
              },
            })
          : await tx.chessboardDeveloper.create({
              data: {
                id: input.id,
                name,
                status: input.status ?? DEFAULT_DEVELOPER_STATUS,
                logoFileId: input.logoFileId ?? null,
                version: 1,
                createdAt: now,
                updatedAt: now,
              },
            });
        await enqueueDeveloperUpserted(tx, clock, row);
        return row;
      });
    },

    async createProject(viewer: Viewer, input: ProjectInput & { tenantId: string; id?: string }) {
      assertMayEditTenant(viewer, input.tenantId);
      const columns = projectColumns(input);
      return db.$transaction(async (tx) => {
        const developer = await developerOrThrow(tx, input.tenantId);
        const now = clock.now();
        const row = await tx.chessboardProject.create({
          data: {
            id: input.id ?? randomUUID(),
            tenantId: developer.id,
            ...columns,
            version: 1,
            createdAt: now,
            updatedAt: now,
          },
        });
        await enqueueProjectUpserted(tx, clock, row, developer);
        return row;
      });
    },

    async updateProject(viewer: Viewer, id: string, input: ProjectInput) {
      const columns = projectColumns(input);
      return db.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT id FROM chessboard.projects WHERE id = ${id}::uuid FOR UPDATE`;
        const existing = await projectOrThrow(tx, id);
        assertMayEditTenant(viewer, existing.tenantId);
        const developer = await developerOrThrow(tx, existing.tenantId);
        const row = await tx.chessboardProject.update({
          where: { id },
          data: { ...columns, version: { increment: 1 }, updatedAt: clock.now() },
        });
        await enqueueProjectUpserted(tx, clock, row, developer);
        return row;
      });
    },

    async createBuilding(viewer: Viewer, input: BuildingInput & { projectId: string; id?: string }) {
      const columns = buildingColumns(input);
      return db.$transaction(async (tx) => {
        const project = await projectOrThrow(tx, input.projectId);
        assertMayEditTenant(viewer, project.tenantId);
        const now = clock.now();
        const row = await tx.chessboardBuilding.create({
          data: {
            id: input.id ?? randomUUID(),
            tenantId: project.tenantId,
            projectId: project.id,
            status: input.status,
            ...columns,
            version: 1,
            createdAt: now,
            updatedAt: now,
          },
        });
        await enqueueBuildingUpserted(tx, clock, row);
        return row;
      });
    },

    async updateBuilding(viewer: Viewer, id: string, input: BuildingInput) {
      const columns = buildingColumns(input);
      return db.$transaction(async (tx) => {
        const existing = await buildingOrThrow(tx, id, true);
        assertMayEditTenant(viewer, existing.tenantId);
        // Hiding has its own command (it cascades); an update keeps a hidden building hidden.
        const status: BuildingStatus = existing.status === "Hidden" ? "Hidden" : input.status;
        const row = await tx.chessboardBuilding.update({
          where: { id },
          data: { ...columns, status, version: { increment: 1 }, updatedAt: clock.now() },
        });
        await enqueueBuildingUpserted(tx, clock, row);
        return row;
      });
    },

    /**
     * Hides or shows a building. Hiding publishes a Hidden status for each of its objects (ASM-1);
     * refused while any object is on hold, so a live booking never disappears from the grid.
     */
    async setBuildingHidden(viewer: Viewer, id: string, hidden: boolean) {
      return db.$transaction(async (tx) => {
        const building = await buildingOrThrow(tx, id, true);
        assertMayEditTenant(viewer, building.tenantId);
        const ids = await tx.$queryRaw<Array<{ id: string }>>`
          SELECT id FROM chessboard.property_objects WHERE building_id = ${id}::uuid ORDER BY id FOR UPDATE`;
        const rows = await tx.chessboardPropertyObject.findMany({
          where: { id: { in: ids.map((r) => r.id) } },
        });
        if (hidden) {
          const held = rows.find((r) => saleStateOf(r).hold !== null);
          if (held) throw onHold(held.id, held.status);
        }
        for (const row of rows) {
          await changeSaleState(
            tx,
            row,
            { ...saleStateOf(row), hiddenByBuilding: hidden },
            "BuildingCascade",
          );
        }
        const status: BuildingStatus = hidden ? "Hidden" : "Published";
        if (building.status === status) return building;
        const after = await tx.chessboardBuilding.update({
          where: { id },
          data: { status, version: { increment: 1 }, updatedAt: clock.now() },
        });
        await enqueueBuildingUpserted(tx, clock, after);
        return after;
      });
    },

    async createPropertyObject(
      viewer: Viewer,
      input: PropertyObjectInput & { buildingId: string; price: string; id?: string },
    ) {
      return db.$transaction(async (tx) => {
        const building = await buildingOrThrow(tx, input.buildingId);
        assertMayEditTenant(viewer, building.tenantId);
        validatePropertyObject(input, building);
        requireRoomForObject(await tx.chessboardPropertyObject.count({ where: { buildingId: building.id } }));
        const now = clock.now();
        const initial: SaleState = {
          hold: null,
          soldAt: null,
          hiddenSelf: false,
          hiddenByBuilding: building.status === "Hidden",
        };
        const row = await tx.chessboardPropertyObject
          .create({
            data: {
              id: input.id ?? randomUUID(),
              tenantId: building.tenantId,
              projectId: building.projectId,
              buildingId: building.id,
              ...objectColumns(input),
              price: input.price,
              currencyIsoCode: RUB_CURRENCY.IsoCode,
              ...saleStateColumns(initial),
              statusChangedAt: now,
              version: 1,
              createdAt: now,
              updatedAt: now,
            },
          })
          .catch(numberTaken);
        await enqueuePropertyObjectUpserted(tx, clock, row);
        return row;
      });
    },

    async updatePropertyObject(viewer: Viewer, id: string, input: PropertyObjectInput) {
      return db.$transaction(async (tx) => {
        const row = await objectOrThrow(tx, id);
        assertMayEditTenant(viewer, row.tenantId);
        const building = await buildingOrThrow(tx, row.buildingId);
        validatePropertyObject({ ...input, price: row.price.toString() }, building);
        const after = await tx.chessboardPropertyObject
          .update({
            where: { id },
            data: { ...objectColumns(input), version: { increment: 1 }, updatedAt: clock.now() },
          })
          .catch(numberTaken);
        await enqueuePropertyObjectUpserted(tx, clock, after);
        return after;
      });
    },

    /** Re-pricing an object on hold is refused: the booking was made at the old price. */
    async changePrice(viewer: Viewer, id: string, price: string) {
      requireDecimal(price, "price", { positive: false });
      return db.$transaction(async (tx) => {
        const row = await objectOrThrow(tx, id);
        assertMayEditTenant(viewer, row.tenantId);
        if (saleStateOf(row).hold) throw onHold(row.id, row.status);
        if (Number(row.price.toString()) === Number(price)) return row;
        const after = await tx.chessboardPropertyObject.update({
          where: { id },
          data: { price, version: { increment: 1 }, updatedAt: clock.now() },
        });
        await enqueuePriceChanged(tx, clock, row, after, "Manual");
        return after;
      });
    },

    /** Hides or shows one object; refused while it is on hold. */
    async setPropertyObjectHidden(viewer: Viewer, id: string, hidden: boolean) {
      return db.$transaction(async (tx) => {
        const row = await objectOrThrow(tx, id);
        assertMayEditTenant(viewer, row.tenantId);
        const state = saleStateOf(row);
        if (state.hold) throw onHold(row.id, row.status);
        return changeSaleState(tx, row, { ...state, hiddenSelf: hidden }, "Manual");
      });
    },
  };
}

export type ChessboardStructure = ReturnType<typeof createChessboardStructure>;
