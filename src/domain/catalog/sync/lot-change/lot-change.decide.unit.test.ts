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
import { priceEvent, statusEvent } from "../../../../../test/support/fixtures/catalog-events.js";
import { CATALOG_ERROR } from "../../catalog.errors.js";
import { decidePriceChange, decideStatusChange } from "./lot-change.decide.js";

describe("E/F. status and price changes", () => {
  const status = statusEvent({
    PropertyObjectId: LOT,
    TenantId: DEV,
    ProjectId: PRJ,
    BuildingId: BLD,
    Version: 2,
  });
  const price = priceEvent({
    PropertyObjectId: LOT,
    TenantId: DEV,
    ProjectId: PRJ,
    BuildingId: BLD,
    Version: 2,
  });
  it("no card → CATALOG_SYNC_PROPERTY_OBJECT_NOT_FOUND (retriable)", () => {
    expect(codeOf(() => decideStatusChange(status, null))).toBe(CATALOG_ERROR.propertyObjectNotFound);
    expect(codeOf(() => decidePriceChange(price, null))).toBe(CATALOG_ERROR.propertyObjectNotFound);
  });
  it("applies a newer version; stale otherwise", () => {
    expect(decideStatusChange(status, lotCard())).toMatchObject({
      kind: "apply",
      change: { status: "Booked" },
    });
    expect(decideStatusChange(status, lotCard({ chessboardVersion: 2 }))).toEqual({ kind: "stale" });
    expect(decidePriceChange(price, lotCard())).toMatchObject({ change: { price: "9000000.00" } });
  });
  it("INV-7 DelistedFrozen: a delisted lot takes no status/price", () => {
    expect(decideStatusChange(status, lotCard({ status: "Delisted" }))).toEqual({ kind: "delisted" });
    expect(decidePriceChange(price, lotCard({ status: "Delisted" }))).toEqual({ kind: "delisted" });
  });
  it("tenant of another developer → mismatch; price in USD → unsupported currency", () => {
    expect(codeOf(() => decideStatusChange({ ...status, TenantId: OTHER }, lotCard()))).toBe(
      CATALOG_ERROR.tenantMismatch,
    );
    const usd = { ...price, CurrencySnapshot: { Id: 840, IsoCode: "USD", Name: "", Symbol: "$" } };
    expect(codeOf(() => decidePriceChange(usd, lotCard()))).toBe(CATALOG_ERROR.unsupportedCurrency);
  });
  it("unknown ToStatus → Hidden + warn", () => {
    const d = decideStatusChange({ ...status, ToStatus: "Limbo" as never }, lotCard());
    expect(d).toMatchObject({ kind: "apply", change: { status: "Hidden" } });
  });
});
