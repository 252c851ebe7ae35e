import { describe, expect, it } from "vitest";
import { BLD, codeOf, DEV, OTHER, PRJ } from "../../../../../test/support/fixtures/catalog-cards.js";
import { buildingEvent } from "../../../../../test/support/fixtures/catalog-events.js";
import { CATALOG_ERROR } from "../../catalog.errors.js";
import { decideBuildingUpsert } from "./building.decide.js";

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
