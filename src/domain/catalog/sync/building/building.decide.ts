/** C. BuildingUpserted, decided (pure): the payload, its project's tenant and the snapshot version in. */
import type { CatalogBuildingUpserted } from "../../../../contracts/readers/catalog-chessboard-sync.readers.js";
import { invalidPayload, projectCardNotFound } from "../../catalog.errors.js";
import { NAME_MAX, truncate, type Warnings } from "../../vocabulary/card-vocabulary.js";
import { deliveryDate } from "../../vocabulary/numbers.js";
import {
  assertTenant,
  isStale,
  requireId,
  requireText,
  requireVersion,
} from "../../vocabulary/payload-rules.js";

const PERCENT_MAX = 100;
const QUARTERS = 4;

export interface BuildingSource {
  readonly id: string;
  readonly projectId: string;
  readonly name: string;
  readonly floorsTotal: number;
  /** ISO date (last day of the delivery quarter) or null */
  readonly deliveryDate: string | null;
  readonly readinessPercent: number | null;
  readonly chessboardVersion: number;
}

export type BuildingDecision =
  | { readonly kind: "stale" }
  | { readonly kind: "apply"; readonly building: BuildingSource; readonly warnings: Warnings };

export function decideBuildingUpsert(
  payload: CatalogBuildingUpserted,
  project: { readonly developerId: string } | null,
  snapshotVersion: number | null,
): BuildingDecision {
  const warnings: Warnings = [];
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
  // TenantId is not in the spec's building table: checked only when the producer sends it.
  if (payload.TenantId !== null)
    assertTenant(`building ${payload.Id}`, project.developerId, payload.TenantId);
  if (isStale(payload.Version, snapshotVersion)) return { kind: "stale" };
  if (payload.DeliveryYear !== null && q === null) {
    warnings.push({ field: "DeliveryQuarter", reason: "year without a quarter → end of the year" });
  }
  if (payload.DeliveryYear === null && q !== null) {
    warnings.push({ field: "DeliveryYear", reason: "quarter without a year → no delivery date" });
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
      chessboardVersion: payload.Version,
    },
  };
}
