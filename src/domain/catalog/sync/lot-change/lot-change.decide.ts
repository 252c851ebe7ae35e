/**
 * E. PropertyObjectStatusChanged / F. PropertyObjectPriceChanged, decided (pure): one change
 * against the state its lot's card is in (after the batch's earlier changes of the lot).
 */
import type { PropertyObjectStatus } from "../../../../contracts/chessboard-events.js";
import type {
  CatalogPriceChanged,
  CatalogStatusChanged,
} from "../../../../contracts/readers/catalog-chessboard-sync.readers.js";
import type { LotCardState } from "../../cards/card-reads.js";
import { invalidPayload, propertyObjectCardNotFound } from "../../catalog.errors.js";
import { mapPropertyObjectStatus, type Warnings } from "../../vocabulary/card-vocabulary.js";
import { normaliseDecimal, toHundredths } from "../../vocabulary/numbers.js";
import {
  assertRub,
  assertTenant,
  isStale,
  requireId,
  requireVersion,
} from "../../vocabulary/payload-rules.js";

export type LotChangeDecision<T> =
  | { readonly kind: "stale" }
  /** INV-7 DelistedFrozen: status/price of a delisted lot are not applied (+ warn) */
  | { readonly kind: "delisted" }
  | { readonly kind: "apply"; readonly change: T; readonly warnings: Warnings };

function lotChangeGuards(
  id: string,
  version: number,
  tenantId: string,
  card: LotCardState | null,
): { kind: "stale" } | { kind: "delisted" } | { kind: "go"; card: LotCardState } {
  requireId("PropertyObjectId", id);
  requireVersion(version);
  if (!card) throw propertyObjectCardNotFound(id);
  assertTenant(`property object ${id}`, card.developerId, tenantId);
  if (isStale(version, card.chessboardVersion)) return { kind: "stale" };
  if (card.status === "Delisted") return { kind: "delisted" };
  return { kind: "go", card };
}

export function decideStatusChange(
  payload: CatalogStatusChanged,
  card: LotCardState | null,
): LotChangeDecision<{ status: PropertyObjectStatus; version: number }> {
  const warnings: Warnings = [];
  const status = mapPropertyObjectStatus(payload.ToStatus, warnings, "ToStatus");
  const guard = lotChangeGuards(payload.PropertyObjectId, payload.Version, payload.TenantId, card);
  if (guard.kind !== "go") return guard;
  return { kind: "apply", change: { status, version: payload.Version }, warnings };
}

export function decidePriceChange(
  payload: CatalogPriceChanged,
  card: LotCardState | null,
): LotChangeDecision<{ price: string; version: number }> {
  const price = toHundredths(payload.NewPrice);
  if (price === null || price < 0n) throw invalidPayload("NewPrice", "must be >= 0");
  assertRub(payload.CurrencySnapshot);
  const guard = lotChangeGuards(payload.PropertyObjectId, payload.Version, payload.TenantId, card);
  if (guard.kind !== "go") return guard;
  return {
    kind: "apply",
    change: { price: normaliseDecimal(payload.NewPrice), version: payload.Version },
    warnings: [],
  };
}
