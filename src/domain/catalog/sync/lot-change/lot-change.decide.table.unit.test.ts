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
import type { LotCardState } from "../../cards/card-reads.js";
import { CATALOG_ERROR } from "../../catalog.errors.js";
import { decidePriceChange, decideStatusChange } from "./lot-change.decide.js";

const ids = { PropertyObjectId: LOT, TenantId: DEV, ProjectId: PRJ, BuildingId: BLD };

/** The guards of E and F in the order the spec applies them: card, tenant, INV-4 version, INV-7 Delisted. */
const GUARDS: ReadonlyArray<{
  readonly name: string;
  readonly version: number;
  readonly card: LotCardState | null;
  readonly tenant?: string;
  readonly outcome: "apply" | "stale" | "delisted" | string;
}> = [
  { name: "newer version on a published lot", version: 2, card: lotCard(), outcome: "apply" },
  {
    name: "newer version on a hidden lot",
    version: 2,
    card: lotCard({ status: "Hidden" }),
    outcome: "apply",
  },
  { name: "same version", version: 1, card: lotCard(), outcome: "stale" },
  { name: "older version", version: 3, card: lotCard({ chessboardVersion: 7 }), outcome: "stale" },
  {
    name: "delisted lot, newer version",
    version: 2,
    card: lotCard({ status: "Delisted" }),
    outcome: "delisted",
  },
  {
    name: "delisted lot, older version: stale first",
    version: 1,
    card: lotCard({ status: "Delisted" }),
    outcome: "stale",
  },
  { name: "no card", version: 2, card: null, outcome: CATALOG_ERROR.propertyObjectNotFound },
  {
    name: "card of another tenant",
    version: 2,
    card: lotCard(),
    tenant: OTHER,
    outcome: CATALOG_ERROR.tenantMismatch,
  },
  {
    name: "another tenant on a stale version: tenant first",
    version: 1,
    card: lotCard(),
    tenant: OTHER,
    outcome: CATALOG_ERROR.tenantMismatch,
  },
  { name: "Version 0", version: 0, card: lotCard(), outcome: CATALOG_ERROR.invalidPayload },
];

describe("E/F decide: the guard table", () => {
  for (const row of GUARDS) {
    it(`${row.name} → ${row.outcome} (status and price alike)`, () => {
      const over = { ...ids, Version: row.version, ...(row.tenant ? { TenantId: row.tenant } : {}) };
      const decisions = [
        () => decideStatusChange(statusEvent(over), row.card).kind,
        () => decidePriceChange(priceEvent(over), row.card).kind,
      ];
      for (const decide of decisions) {
        const code = codeOf(decide);
        expect(code ?? decide()).toBe(row.outcome);
      }
    });
  }
});

describe("E decide: ToStatus is replicated 1:1, anything else is Hidden (+ counted fallback)", () => {
  const TABLE = [
    ["Free", "Free", false],
    ["Reserved", "Reserved", false],
    ["Booked", "Booked", false],
    ["Sold", "Sold", false],
    ["Hidden", "Hidden", false],
    ["Archived", "Hidden", true],
    ["", "Hidden", true],
  ] as const;
  for (const [to, status, fallback] of TABLE) {
    it(`${to || "(empty)"} → ${status}${fallback ? " + ToStatus fallback" : ""}`, () => {
      const decision = decideStatusChange(
        statusEvent({ ...ids, Version: 2, ToStatus: to as never }),
        lotCard(),
      );
      if (decision.kind !== "apply") throw new Error(`expected apply, got ${decision.kind}`);
      expect(decision.change.status).toBe(status);
      expect(decision.warnings.some((w) => w.enumFallback === "ToStatus")).toBe(fallback);
    });
  }
});

describe("F decide: the price table", () => {
  const TABLE: ReadonlyArray<readonly [string, string | null, string]> = [
    ["12500000", "RUB", "12500000.00"],
    ["42.5", "RUB", "42.50"],
    ["0", "RUB", "0.00"],
    ["1.005", "RUB", "1.01"],
    ["-1", "RUB", CATALOG_ERROR.invalidPayload],
    ["1e6", "RUB", CATALOG_ERROR.invalidPayload],
    ["100", "USD", CATALOG_ERROR.unsupportedCurrency],
    ["100", null, CATALOG_ERROR.unsupportedCurrency],
  ];
  for (const [newPrice, iso, outcome] of TABLE) {
    it(`NewPrice ${newPrice} ${iso ?? "(no currency)"} → ${outcome}`, () => {
      const payload = priceEvent({
        ...ids,
        Version: 2,
        NewPrice: newPrice,
        CurrencySnapshot: (iso === null ? null : { IsoCode: iso }) as never,
      });
      const decide = () => decidePriceChange(payload, lotCard());
      const code = codeOf(decide);
      if (code !== undefined) return expect(code).toBe(outcome);
      const decision = decide();
      expect(decision.kind === "apply" ? decision.change.price : decision.kind).toBe(outcome);
    });
  }
});
