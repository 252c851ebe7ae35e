import { describe, expect, it } from "vitest";
import { CATALOG_ERROR } from "../catalog.errors.js";
import {
  decideBuildingUpsert,
  decideDeveloperUpsert,
  decidePriceChange,
  decideProjectUpsert,
  decidePropertyObjectUpsert,
  decideStatusChange,
  EMPTY_GUID,
  isStale,
  KIND_MISMATCH_LIMIT,
  type LotCardState,
  type ProjectCardState,
} from "./sync.decide.js";
import {
  buildingEvent,
  developerEvent,
  lotEvent,
  priceEvent,
  projectEvent,
  statusEvent,
} from "./test-events.js";

const DEV = "11111111-1111-4111-8111-111111111111";
const OTHER = "22222222-2222-4222-8222-222222222222";
const PRJ = "33333333-3333-4333-8333-333333333333";
const BLD = "44444444-4444-4444-8444-444444444444";
const LOT = "55555555-5555-4555-8555-555555555555";

const card = (o: Partial<ProjectCardState> = {}): ProjectCardState => ({
  id: PRJ,
  developerId: DEV,
  kind: "ResidentialComplex",
  kindMismatchCount: 0,
  chessboardVersion: 1,
  rowVersion: 1,
  ...o,
});
const lotCard = (o: Partial<LotCardState> = {}): LotCardState => ({
  id: LOT,
  projectId: PRJ,
  developerId: DEV,
  status: "Published",
  chessboardVersion: 1,
  rowVersion: 1,
  layoutId: null,
  layoutGroupId: null,
  roomsCount: 2,
  areaTotal: "54.10",
  propertyType: "Apartment",
  ...o,
});
const project = projectEvent({ Id: PRJ, DeveloperId: DEV });
const lot = lotEvent({ Id: LOT, ProjectId: PRJ, BuildingId: BLD, TenantId: DEV });

function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return undefined;
}

describe("version guard (INV-3 project-card / INV-4 property-object-card)", () => {
  it("a card-less event is never stale; Version <= ChessboardVersion is", () => {
    expect(isStale(1, null)).toBe(false);
    expect(isStale(3, 2)).toBe(false);
    expect(isStale(2, 2)).toBe(true);
    expect(isStale(1, 2)).toBe(true);
  });
});

describe("A. ProjectUpserted", () => {
  it("creation maps the payload into the snapshot", () => {
    const d = decideProjectUpsert(project, null);
    expect(d).toMatchObject({
      kind: "apply",
      created: true,
      source: {
        sourceStatus: "Published",
        kind: "ResidentialComplex",
        propertyClass: "Comfort",
        constructionStatus: "InProgress",
        regionId: 77,
        regionName: "Москва",
        address: "ул. Примерная, 1",
        geoLatitude: "55.750000",
        chessboardVersion: 1,
      },
    });
  });
  it("stale when Version <= ChessboardVersion", () => {
    expect(decideProjectUpsert({ ...project, Version: 1 }, card({ chessboardVersion: 1 }))).toEqual({
      kind: "stale",
    });
  });
  it("TenantId ≠ DeveloperId → CATALOG_SYNC_TENANT_MISMATCH (fail closed)", () => {
    expect(codeOf(() => decideProjectUpsert({ ...project, TenantId: OTHER }, null))).toBe(
      CATALOG_ERROR.tenantMismatch,
    );
  });
  it("a card of another developer → tenant mismatch", () => {
    expect(codeOf(() => decideProjectUpsert({ ...project, Version: 2 }, card({ developerId: OTHER })))).toBe(
      CATALOG_ERROR.tenantMismatch,
    );
  });
  it.each(["AddressLine", "DeveloperName"])(
    "blank %s → CATALOG_SYNC_CONTRACT_FIELD_MISSING (DSC-CAT-1)",
    (field) => {
      expect(codeOf(() => decideProjectUpsert({ ...project, [field]: "  " }, null))).toBe(
        CATALOG_ERROR.contractFieldMissing,
      );
    },
  );
  it("an empty id or Version 0 is an invalid payload", () => {
    expect(codeOf(() => decideProjectUpsert({ ...project, Id: EMPTY_GUID }, null))).toBe(
      CATALOG_ERROR.invalidPayload,
    );
    expect(codeOf(() => decideProjectUpsert({ ...project, Version: 0 }, null))).toBe(
      CATALOG_ERROR.invalidPayload,
    );
  });
  it("over-long Name/Address/ShortDescription are truncated with a warning", () => {
    const d = decideProjectUpsert(
      { ...project, Name: "N".repeat(300), AddressLine: "A".repeat(600), ShortDescription: "S".repeat(2000) },
      null,
    );
    if (d.kind !== "apply") throw new Error("expected apply");
    expect(d.source.name).toHaveLength(256);
    expect(d.source.address).toHaveLength(512);
    expect(d.source.shortDescription).toHaveLength(1024);
    expect(d.warnings.map((w) => w.field).sort()).toEqual(["AddressLine", "Name", "ShortDescription"]);
  });
  it("one coordinate only → no location + warn", () => {
    const d = decideProjectUpsert({ ...project, GeoLongitude: null }, null);
    if (d.kind !== "apply") throw new Error("expected apply");
    expect([d.source.geoLatitude, d.source.geoLongitude]).toEqual([null, null]);
    expect(d.warnings).toHaveLength(1);
  });
  it("null geo is written without an error", () => {
    const d = decideProjectUpsert(
      { ...project, RegionId: null, RegionSnapshot: null, CityId: null, CitySnapshot: null },
      null,
    );
    expect(d).toMatchObject({
      source: { regionId: null, regionName: null, cityId: null, cityName: null },
      warnings: [],
    });
  });

  describe("Kind guard (INV-4): the third consecutive mismatch is systematic", () => {
    const apartHotel = { ...project, Type: "ApartHotel" as const, Version: 2 };
    it("1st and 2nd mismatch: the card keeps its Kind, the count grows, a warning", () => {
      const first = decideProjectUpsert(apartHotel, card());
      expect(first).toMatchObject({
        kind: "apply",
        kindMismatch: true,
        kindMismatchCount: 1,
        source: { kind: "ResidentialComplex" },
      });
      const second = decideProjectUpsert(apartHotel, card({ kindMismatchCount: 1 }));
      expect(second).toMatchObject({ kindMismatch: true, kindMismatchCount: 2 });
    });
    it(`the ${KIND_MISMATCH_LIMIT}rd → CATALOG_SYNC_KIND_CHANGED`, () => {
      expect(codeOf(() => decideProjectUpsert(apartHotel, card({ kindMismatchCount: 2 })))).toBe(
        CATALOG_ERROR.kindChanged,
      );
    });
    it("an agreeing event resets the count", () => {
      expect(decideProjectUpsert({ ...project, Version: 2 }, card({ kindMismatchCount: 2 }))).toMatchObject({
        kindMismatch: false,
        kindMismatchCount: 0,
      });
    });
  });
});

describe("B. DeveloperUpserted", () => {
  it("renames; no version guard; blank name is a contract gap", () => {
    expect(decideDeveloperUpsert(developerEvent({ Id: DEV, Name: "Новое имя" }))).toMatchObject({
      developerId: DEV,
      name: "Новое имя",
    });
    expect(codeOf(() => decideDeveloperUpsert(developerEvent({ Id: DEV, Name: "" })))).toBe(
      CATALOG_ERROR.contractFieldMissing,
    );
  });
});

describe("C. BuildingUpserted", () => {
  const building = buildingEvent({ Id: BLD, ProjectId: PRJ, TenantId: DEV });
  it("no project card → CATALOG_SYNC_PROJECT_NOT_FOUND (retriable)", () => {
    expect(codeOf(() => decideBuildingUpsert(building, null, null))).toBe(CATALOG_ERROR.projectNotFound);
  });
  it("delivery date is the last day of the quarter", () => {
    expect(decideBuildingUpsert(building, { developerId: DEV }, null)).toMatchObject({
      kind: "apply",
      building: { deliveryDate: "2027-06-30", readinessPercent: 40, floorsTotal: 20 },
    });
  });
  it("tenant of another developer → mismatch", () => {
    expect(codeOf(() => decideBuildingUpsert(building, { developerId: OTHER }, null))).toBe(
      CATALOG_ERROR.tenantMismatch,
    );
  });
  it("invalid quarter / readiness / floors → invalid payload", () => {
    const p = { developerId: DEV };
    expect(codeOf(() => decideBuildingUpsert({ ...building, DeliveryQuarter: 5 }, p, null))).toBe(
      CATALOG_ERROR.invalidPayload,
    );
    expect(codeOf(() => decideBuildingUpsert({ ...building, ReadinessPercent: 101 }, p, null))).toBe(
      CATALOG_ERROR.invalidPayload,
    );
    expect(codeOf(() => decideBuildingUpsert({ ...building, FloorsTotal: 0 }, p, null))).toBe(
      CATALOG_ERROR.invalidPayload,
    );
  });
  it("older than the stored snapshot → stale", () => {
    expect(decideBuildingUpsert(building, { developerId: DEV }, 1)).toEqual({ kind: "stale" });
  });
});

describe("D. PropertyObjectUpserted", () => {
  const rc = { developerId: DEV, kind: "ResidentialComplex" as const };
  it("creation: snapshot, generated title, commission needed", () => {
    const d = decidePropertyObjectUpsert(lot, null, rc);
    expect(d).toMatchObject({
      kind: "apply",
      created: true,
      projectMissing: false,
      commissionNeeded: true,
      source: {
        title: "2-комн. квартира, 54.10 м²",
        typeName: "Квартира",
        view: "Парк",
        price: "10000000.00",
      },
    });
  });
  it("INV-2 ProjectFirst: no project card → projectMissing (the lot waits Hidden)", () => {
    expect(decidePropertyObjectUpsert(lot, null, null)).toMatchObject({ projectMissing: true });
  });
  it("currency ≠ RUB → CATALOG_SYNC_UNSUPPORTED_CURRENCY", () => {
    const usd = { ...lot, CurrencySnapshot: { Id: 840, IsoCode: "USD", Name: "US dollar", Symbol: "$" } };
    expect(codeOf(() => decidePropertyObjectUpsert(usd, null, rc))).toBe(CATALOG_ERROR.unsupportedCurrency);
  });
  it("TenantId ≠ the project's developer → tenant mismatch", () => {
    expect(codeOf(() => decidePropertyObjectUpsert(lot, null, { ...rc, developerId: OTHER }))).toBe(
      CATALOG_ERROR.tenantMismatch,
    );
  });
  it("stale when the card is at the same or a newer version", () => {
    expect(decidePropertyObjectUpsert(lot, lotCard({ chessboardVersion: 1 }), rc)).toEqual({ kind: "stale" });
  });
  it.each([
    ["Floor", { Floor: -6 }],
    ["Rooms", { Rooms: 21 }],
    ["TotalArea", { TotalArea: "0" }],
    ["LivingArea", { LivingArea: "60.00" }],
    ["Price", { Price: "-1.00" }],
    ["Number", { Number: "X".repeat(33) }],
  ])("invalid %s → invalid payload", (_field, patch) => {
    expect(codeOf(() => decidePropertyObjectUpsert({ ...lot, ...patch }, null, rc))).toBe(
      CATALOG_ERROR.invalidPayload,
    );
  });
  it("unknown status → Hidden + warn", () => {
    const d = decidePropertyObjectUpsert({ ...lot, Status: "Limbo" as never }, null, rc);
    expect(d).toMatchObject({ source: { propertyObjectStatus: "Hidden" } });
  });
  it("commission is recomputed only when a matching field changes", () => {
    const same = decidePropertyObjectUpsert({ ...lot, Version: 2, Price: "1.00" }, lotCard(), rc);
    expect(same).toMatchObject({ commissionNeeded: false });
    const rooms = decidePropertyObjectUpsert({ ...lot, Version: 2, Rooms: 3 }, lotCard(), rc);
    expect(rooms).toMatchObject({ commissionNeeded: true });
  });
  it("a zero price is accepted (the recompute hides the lot, INV-6)", () => {
    expect(decidePropertyObjectUpsert({ ...lot, Price: "0" }, null, rc)).toMatchObject({
      source: { price: "0.00" },
    });
  });
});

describe("E/F. status and price changes", () => {
  const status = statusEvent({
    PropertyObjectId: LOT,
    TenantId: DEV,
    ProjectId: PRJ,
    BuildingId: BLD,
    Version: 2,
  });
  const price = priceEvent({
    PropertyObjectId: LOT,
    TenantId: DEV,
    ProjectId: PRJ,
    BuildingId: BLD,
    Version: 2,
  });
  it("no card → CATALOG_SYNC_PROPERTY_OBJECT_NOT_FOUND (retriable)", () => {
    expect(codeOf(() => decideStatusChange(status, null))).toBe(CATALOG_ERROR.propertyObjectNotFound);
    expect(codeOf(() => decidePriceChange(price, null))).toBe(CATALOG_ERROR.propertyObjectNotFound);
  });
  it("applies a newer version; stale otherwise", () => {
    expect(decideStatusChange(status, lotCard())).toMatchObject({
      kind: "apply",
      change: { status: "Booked" },
    });
    expect(decideStatusChange(status, lotCard({ chessboardVersion: 2 }))).toEqual({ kind: "stale" });
    expect(decidePriceChange(price, lotCard())).toMatchObject({ change: { price: "9000000.00" } });
  });
  it("INV-7 DelistedFrozen: a delisted lot takes no status/price", () => {
    expect(decideStatusChange(status, lotCard({ status: "Delisted" }))).toEqual({ kind: "delisted" });
    expect(decidePriceChange(price, lotCard({ status: "Delisted" }))).toEqual({ kind: "delisted" });
  });
  it("tenant of another developer → mismatch; price in USD → unsupported currency", () => {
    expect(codeOf(() => decideStatusChange({ ...status, TenantId: OTHER }, lotCard()))).toBe(
      CATALOG_ERROR.tenantMismatch,
    );
    const usd = { ...price, CurrencySnapshot: { Id: 840, IsoCode: "USD", Name: "", Symbol: "$" } };
    expect(codeOf(() => decidePriceChange(usd, lotCard()))).toBe(CATALOG_ERROR.unsupportedCurrency);
  });
  it("unknown ToStatus → Hidden + warn", () => {
    const d = decideStatusChange({ ...status, ToStatus: "Limbo" as never }, lotCard());
    expect(d).toMatchObject({ kind: "apply", change: { status: "Hidden" } });
  });
});
