import { invalidPayload, propertyObjectCardNotFound } from "../../catalog.errors.js";
import { mapPropertyObjectStatus } from "../../vocabulary/card-vocabulary.js";
import { normaliseDecimal, toHundredths } from "../../vocabulary/numbers.js";
import {
  assertRub,
  assertTenant,
  isStale,
  requireId,
  requireVersion
} from "../../vocabulary/payload-rules.js";
function lotChangeGuards(id, version, tenantId, card) {
  requireId("PropertyObjectId", id);
  requireVersion(version);
  if (!card) throw propertyObjectCardNotFound(id);
  assertTenant(`property object ${id}`, card.developerId, tenantId);
  if (isStale(version, card.chessboardVersion)) return { kind: "stale" };
  if (card.status === "Delisted") return { kind: "delisted" };
  return { kind: "go", card };
}
function decideStatusChange(payload, card) {
  const warnings = [];
  const status = mapPropertyObjectStatus(payload.ToStatus, warnings, "ToStatus");
  const guard = lotChangeGuards(payload.PropertyObjectId, payload.Version, payload.TenantId, card);
  if (guard.kind !== "go") return guard;
  return { kind: "apply", change: { status, version: payload.Version }, warnings };
}
function decidePriceChange(payload, card) {
  const price = toHundredths(payload.NewPrice);
  if (price === null || price < 0n) throw invalidPayload("NewPrice", "must be >= 0");
  assertRub(payload.CurrencySnapshot);
  const guard = lotChangeGuards(payload.PropertyObjectId, payload.Version, payload.TenantId, card);
  if (guard.kind !== "go") return guard;
  return {
    kind: "apply",
    change: { price: normaliseDecimal(payload.NewPrice), version: payload.Version },
    warnings: []
  };
}
export {
  decidePriceChange,
  decideStatusChange
};
//# sourceMappingURL=lot-change.decide.js.map
