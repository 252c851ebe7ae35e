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
import { CATALOG_ERROR } from "../../catalog.errors.js";
import { decidePropertyObjectUpsert } from "./lot-passport.decide.js";

const lot = lotEvent({ Id: LOT, ProjectId: PRJ, BuildingId: BLD, TenantId: DEV });

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
