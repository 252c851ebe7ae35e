/**
 * A saved search's filter as stored (JSONB): the validated LotFilter in the shape of the GraphQL
 * LotFilter input (deliveryBy as YYYY-MM-DD; q in its own column), so a client can run it again
 * by passing it back as the `filter` of `lots`. Pure.
 */
import { type LotFilter, validateLotFilter } from "../storefront/lot-filter.js";

export type SavedFilterJson = Record<string, unknown>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The validated filter without q and the derived search, as JSON (nulls and false dropped). */
export function savedFilterToJson(f: LotFilter): SavedFilterJson {
  const out: SavedFilterJson = {};
  for (const [key, value] of Object.entries(f)) {
    if (key === "q" || key === "search" || value === null || value === undefined || value === false) continue;
    out[key] = value instanceof Date ? value.toISOString().slice(0, 10) : value;
  }
  return out;
}

/** Reads a stored filter back (validated again: a stored row is input like any other). */
export function savedFilterFromJson(json: SavedFilterJson, query: string | null): LotFilter {
  const { deliveryBy, ...rest } = json;
  const day =
    typeof deliveryBy === "string" && DAY.test(deliveryBy) ? new Date(`${deliveryBy}T00:00:00Z`) : null;
  return validateLotFilter({ ...(rest as LotFilter), deliveryBy: day, q: query });
}
