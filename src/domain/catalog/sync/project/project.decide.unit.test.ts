import { describe, expect, it } from "vitest";
import { card, codeOf, DEV, OTHER, PRJ } from "../../../../../test/support/fixtures/catalog-cards.js";
import { projectEvent } from "../../../../../test/support/fixtures/catalog-events.js";
import { CATALOG_ERROR } from "../../catalog.errors.js";
import { EMPTY_GUID } from "../../vocabulary/payload-rules.js";
import { decideProjectUpsert, KIND_MISMATCH_LIMIT } from "./project.decide.js";

const project = projectEvent({ Id: PRJ, DeveloperId: DEV });

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
