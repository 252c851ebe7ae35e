import { describe, expect, it } from "vitest";
import {
  BLD,
  codeOf,
  DEV,
  LOT,
  lotCard,
  OTHER,
  PRJ,
} from "../../../../../test/support/fixtures/catalog-cards.js";
import { lotEvent } from "../../../../../test/support/fixtures/catalog-events.js";
import type { CatalogPropertyObjectUpserted } from "../../../../contracts/readers/catalog-chessboard-sync.readers.js";
import { CATALOG_ERROR } from "../../catalog.errors.js";
import { EMPTY_GUID } from "../../vocabulary/payload-rules.js";
import { decidePropertyObjectUpsert } from "./lot-passport.decide.js";

const lot = (o: Partial<CatalogPropertyObjectUpserted> = {}) =>
  lotEvent({ Id: LOT, ProjectId: PRJ, BuildingId: BLD, TenantId: DEV, ...(o as object) });
const rc = { developerId: DEV, kind: "ResidentialComplex" as const };
const hotel = { developerId: DEV, kind: "ApartHotel" as const };

describe("D decide: the input table (each row breaks one rule of the spec's payload table)", () => {
  const TABLE: ReadonlyArray<readonly [string, Partial<CatalogPropertyObjectUpserted>, string]> = [
    ["empty Id", { Id: EMPTY_GUID }, CATALOG_ERROR.invalidPayload],
    ["empty BuildingId", { BuildingId: "" }, CATALOG_ERROR.invalidPayload],
    ["Version 0", { Version: 0 }, CATALOG_ERROR.invalidPayload],
    ["blank Number", { Number: "  " }, CATALOG_ERROR.contractFieldMissing],
    ["Number of 33 characters", { Number: "x".repeat(33) }, CATALOG_ERROR.invalidPayload],
    ["Floor -6", { Floor: -6 }, CATALOG_ERROR.invalidPayload],
    ["Rooms 21", { Rooms: 21 }, CATALOG_ERROR.invalidPayload],
    ["TotalArea 0", { TotalArea: "0" }, CATALOG_ERROR.invalidPayload],
    ["LivingArea above TotalArea", { TotalArea: "40", LivingArea: "41" }, CATALOG_ERROR.invalidPayload],
    ["negative Price", { Price: "-1" }, CATALOG_ERROR.invalidPayload],
    ["currency USD", { CurrencySnapshot: { IsoCode: "USD" } as never }, CATALOG_ERROR.unsupportedCurrency],
    ["TenantId of another developer", { TenantId: OTHER }, CATALOG_ERROR.tenantMismatch],
  ];
  for (const [name, over, code] of TABLE) {
    it(`${name} → ${code}`, () => {
      expect(codeOf(() => decidePropertyObjectUpsert(lot(over), null, rc))).toBe(code);
    });
  }
  it("the limits themselves are accepted (Floor -5, Rooms 20, Number of 32, LivingArea = TotalArea)", () => {
    const edge = lot({ Floor: -5, Rooms: 20, Number: "x".repeat(32), TotalArea: "40", LivingArea: "40" });
    expect(decidePropertyObjectUpsert(edge, null, rc).kind).toBe("apply");
  });
});

describe("D decide: TypeName and Title by PropertyType and the project's Kind (DSC-CAT-2)", () => {
  const TABLE = [
    ["Apartment", rc, 2, "Квартира", "2-комн. квартира, 54.10 м²"],
    ["Apartment", hotel, 1, "Апартамент", "1-комн. апартамент, 54.10 м²"],
    ["Apartment", rc, 0, "Квартира", "Студия, 54.10 м²"],
    ["Parking", rc, 0, "Паркинг", "Паркинг, 54.10 м²"],
    ["Commercial", hotel, 0, "Коммерция", "Коммерция, 54.10 м²"],
    [null, hotel, 0, "Апартамент", "Студия, 54.10 м²"],
  ] as const;
  for (const [type, project, rooms, typeName, title] of TABLE) {
    it(`${type ?? "null"} in a ${project.kind}, ${rooms} rooms → ${title}`, () => {
      const d = decidePropertyObjectUpsert(
        lot({ PropertyType: type as never, Rooms: rooms, TotalArea: "54.1", LivingArea: null }),
        null,
        project,
      );
      if (d.kind !== "apply") throw new Error(d.kind);
      expect([d.source.typeName, d.source.title]).toEqual([typeName, title]);
    });
  }
});

describe("D decide: when the agent commission is asked again", () => {
  const stored = lotCard({ layoutId: null, roomsCount: 2, areaTotal: "54.10", propertyType: "Apartment" });
  const base = {
    Rooms: 2,
    TotalArea: "54.1",
    PropertyType: "Apartment" as const,
    LayoutId: null,
    Version: 2,
  };
  const TABLE: ReadonlyArray<readonly [string, Partial<CatalogPropertyObjectUpserted>, boolean]> = [
    ["nothing of the matching fields changed (area 54.1 = 54.10)", {}, false],
    ["Rooms changed", { Rooms: 3 }, true],
    ["TotalArea changed", { TotalArea: "54.2" }, true],
    ["PropertyType changed", { PropertyType: "Commercial" }, true],
    ["LayoutId set", { LayoutId: "66666666-6666-4666-8666-666666666666" }, true],
    ["only the price changed", { Price: "1.00" }, false],
  ];
  for (const [name, over, needed] of TABLE) {
    it(`${name} → ${needed ? "recompute" : "keep"}`, () => {
      const d = decidePropertyObjectUpsert(lot({ ...base, ...over } as never), stored, rc);
      expect(d.kind === "apply" && d.commissionNeeded).toBe(needed);
    });
  }
});
