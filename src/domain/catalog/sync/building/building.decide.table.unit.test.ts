import { describe, expect, it } from "vitest";
import { BLD, codeOf, DEV, PRJ } from "../../../../../test/support/fixtures/catalog-cards.js";
import { buildingEvent } from "../../../../../test/support/fixtures/catalog-events.js";
import { CATALOG_ERROR } from "../../catalog.errors.js";
import { decideBuildingUpsert } from "./building.decide.js";

const project = { developerId: DEV };

describe("C decide: delivery date from year and quarter (the last day of the quarter)", () => {
  const TABLE: ReadonlyArray<readonly [number | null, number | null, string | null, boolean]> = [
    [2027, 1, "2027-03-31", false],
    [2027, 2, "2027-06-30", false],
    [2027, 3, "2027-09-30", false],
    [2028, 4, "2028-12-31", false],
    [2027, null, "2027-12-31", true],
    [null, 2, null, true],
    [null, null, null, false],
  ];
  for (const [year, quarter, date, warned] of TABLE) {
    it(`${year ?? "-"} Q${quarter ?? "-"} → ${date ?? "null"}${warned ? " + warn" : ""}`, () => {
      const d = decideBuildingUpsert(
        buildingEvent({
          Id: BLD,
          ProjectId: PRJ,
          TenantId: DEV,
          DeliveryYear: year,
          DeliveryQuarter: quarter,
        }),
        project,
        null,
      );
      if (d.kind !== "apply") throw new Error(d.kind);
      expect([d.building.deliveryDate, d.warnings.length > 0]).toEqual([date, warned]);
    });
  }
});

describe("C decide: the input and guard table", () => {
  const TABLE: ReadonlyArray<readonly [string, Record<string, unknown>, number | null, string]> = [
    ["FloorsTotal 0", { FloorsTotal: 0 }, null, CATALOG_ERROR.invalidPayload],
    ["DeliveryQuarter 5", { DeliveryQuarter: 5 }, null, CATALOG_ERROR.invalidPayload],
    ["ReadinessPercent 101", { ReadinessPercent: 101 }, null, CATALOG_ERROR.invalidPayload],
    ["ReadinessPercent 100", { ReadinessPercent: 100 }, null, "apply"],
    ["blank Name", { Name: " " }, null, CATALOG_ERROR.contractFieldMissing],
    ["TenantId absent (not in the spec's table)", { TenantId: null }, null, "apply"],
    ["Version equal to the snapshot's", { Version: 3 }, 3, "stale"],
    ["Version above the snapshot's", { Version: 4 }, 3, "apply"],
  ];
  for (const [name, over, snapshot, outcome] of TABLE) {
    it(`${name} → ${outcome}`, () => {
      const payload = buildingEvent({ Id: BLD, ProjectId: PRJ, TenantId: DEV, ...over });
      const decide = () => decideBuildingUpsert(payload, project, snapshot);
      expect(codeOf(decide) ?? decide().kind).toBe(outcome);
    });
  }
});
