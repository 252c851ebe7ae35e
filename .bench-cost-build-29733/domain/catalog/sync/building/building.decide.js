import { invalidPayload, projectCardNotFound } from "../../catalog.errors.js";
import { NAME_MAX, truncate } from "../../vocabulary/card-vocabulary.js";
import { deliveryDate } from "../../vocabulary/numbers.js";
import {
  assertTenant,
  isStale,
  requireId,
  requireText,
  requireVersion
} from "../../vocabulary/payload-rules.js";
const PERCENT_MAX = 100;
const QUARTERS = 4;
function decideBuildingUpsert(payload, project, snapshotVersion) {
  const warnings = [];
  requireId("Id", payload.Id);
  requireId("ProjectId", payload.ProjectId);
  requireVersion(payload.Version);
  const name = truncate(requireText("Name", payload.Name), NAME_MAX, "Name", warnings);
  if (!Number.isInteger(payload.FloorsTotal) || payload.FloorsTotal < 1) {
    throw invalidPayload("FloorsTotal", "must be >= 1");
  }
  const q = payload.DeliveryQuarter;
  if (q !== null && (!Number.isInteger(q) || q < 1 || q > QUARTERS)) {
    throw invalidPayload("DeliveryQuarter", "must be 1..4");
  }
  const r = payload.ReadinessPercent;
  if (r !== null && (!Number.isInteger(r) || r < 0 || r > PERCENT_MAX)) {
    throw invalidPayload("ReadinessPercent", "must be 0..100");
  }
  if (!project) throw projectCardNotFound(payload.ProjectId);
  if (payload.TenantId !== null)
    assertTenant(`building ${payload.Id}`, project.developerId, payload.TenantId);
  if (isStale(payload.Version, snapshotVersion)) return { kind: "stale" };
  if (payload.DeliveryYear !== null && q === null) {
    warnings.push({ field: "DeliveryQuarter", reason: "year without a quarter \u2192 end of the year" });
  }
  if (payload.DeliveryYear === null && q !== null) {
    warnings.push({ field: "DeliveryYear", reason: "quarter without a year \u2192 no delivery date" });
  }
  return {
    kind: "apply",
    warnings,
    building: {
      id: payload.Id,
      projectId: payload.ProjectId,
      name,
      floorsTotal: payload.FloorsTotal,
      deliveryDate: deliveryDate(payload.DeliveryYear, q),
      readinessPercent: r,
      chessboardVersion: payload.Version
    }
  };
}
export {
  decideBuildingUpsert
};
//# sourceMappingURL=building.decide.js.map
