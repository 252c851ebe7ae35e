import { describe, expect, it } from "vitest";
import { BLD, codeOf, DEV, LOT, lotCard, PRJ } from "../../../../../test/support/fixtures/catalog-cards.js";
import { priceEvent, statusEvent } from "../../../../../test/support/fixtures/catalog-events.js";
import { CATALOG_ERROR } from "../../catalog.errors.js";
import { foldLotChanges, type LotChange, type LotChangeState } from "./lot-change.fold.js";

const LOT2 = "66666666-6666-4666-8666-666666666666";
const ids = { TenantId: DEV, ProjectId: PRJ, BuildingId: BLD };
const at = (s: number) => new Date(Date.UTC(2026, 11, 1, 9, 0, s));

const status = (lot: string, version: number, toStatus: string, s = version): LotChange => ({
  kind: "status",
  eventTime: at(s),
  eventId: `s-${lot}-${version}`,
  topic: "status",
  payload: statusEvent({ ...ids, PropertyObjectId: lot, Version: version, ToStatus: toStatus as never }),
});
const price = (lot: string, version: number, newPrice: string, s = version): LotChange => ({
  kind: "price",
  eventTime: at(s),
  eventId: `p-${lot}-${version}`,
  topic: "price",
  payload: priceEvent({ ...ids, PropertyObjectId: lot, Version: version, NewPrice: newPrice }),
});
const state = (o: Partial<LotChangeState> & { id?: string; version?: number; rowVersion?: number } = {}) => {
  const id = o.id ?? LOT;
  return [
    id,
    {
      card: lotCard({
        id,
        chessboardVersion: o.version ?? 1,
        rowVersion: o.rowVersion ?? 7,
        ...(o.card ?? {}),
      }),
      objectStatus: o.objectStatus ?? "Free",
      sourcePrice: o.sourcePrice === undefined ? "10000000.00" : o.sourcePrice,
      projectStatus: o.projectStatus === undefined ? "Published" : o.projectStatus,
    },
  ] as const;
};

describe("E/F folded: a batch's changes decided in order, merged to one write per lot", () => {
  it("a lot's successive changes merge into its final status and price, version and time of the last", () => {
    const { outcomes, writes } = foldLotChanges(
      [status(LOT, 2, "Reserved"), price(LOT, 3, "8000000.00"), status(LOT, 4, "Booked")],
      new Map([state()]),
    );
    expect(outcomes.map((o) => o.kind)).toEqual(["applied", "applied", "applied"]);
    expect(writes).toEqual([
      expect.objectContaining({
        id: LOT,
        projectId: PRJ,
        expectedRowVersion: 7,
        status: "Booked",
        price: "8000000.00",
        version: 4,
        eventTime: at(4),
        statusApplied: true,
        indexes: [0, 1, 2],
      }),
    ]);
  });

  it("each change is judged against the version its predecessors left: a replayed older one is stale", () => {
    const { outcomes, writes } = foldLotChanges(
      [status(LOT, 3, "Reserved"), status(LOT, 2, "Booked"), price(LOT, 3, "1.00"), price(LOT, 4, "5.00")],
      new Map([state()]),
    );
    expect(outcomes.map((o) => o.kind)).toEqual(["applied", "stale", "stale", "applied"]);
    expect(outcomes[1]).toEqual({ kind: "stale", chessboardVersion: 3 });
    expect(writes[0]).toMatchObject({ status: "Reserved", price: "5.00", version: 4, indexes: [0, 3] });
  });

  it("nothing to write when every change of a lot is stale; other lots are written in first-seen order", () => {
    const { outcomes, writes } = foldLotChanges(
      [status(LOT2, 2, "Sold"), status(LOT, 5, "Sold")],
      new Map([state({ version: 9 }), state({ id: LOT2 })]),
    );
    expect(outcomes.map((o) => o.kind)).toEqual(["applied", "stale"]);
    expect(writes.map((w) => w.id)).toEqual([LOT2]);
    expect(writes[0]?.price).toBeNull();
  });

  it("INV-7: a Delisted lot takes nothing; under a Delisted project the first change applies, then the lot is frozen", () => {
    const frozen = foldLotChanges(
      [price(LOT, 2, "1.00")],
      new Map([state({ card: lotCard({ status: "Delisted" }) })]),
    );
    expect(frozen.outcomes).toEqual([{ kind: "delisted" }]);
    expect(frozen.writes).toEqual([]);
    const underDelisted = foldLotChanges(
      [status(LOT, 2, "Reserved"), status(LOT, 3, "Free")],
      new Map([state({ projectStatus: "Delisted" })]),
    );
    expect(underDelisted.outcomes.map((o) => o.kind)).toEqual(["applied", "delisted"]);
    expect(underDelisted.writes[0]).toMatchObject({ status: "Reserved", version: 2, indexes: [0] });
  });

  it("PublishedAt candidates: the first change after which the lot is not Hidden (and, without an override, priced above zero)", () => {
    const { writes } = foldLotChanges(
      [status(LOT, 2, "Free", 10), price(LOT, 3, "5.00", 20), status(LOT, 4, "Hidden", 30)],
      new Map([state({ objectStatus: "Hidden", sourcePrice: "0.00" })]),
    );
    expect(writes[0]).toMatchObject({ visibleWithOverrideAt: at(10), visibleAt: at(20), status: "Hidden" });
    const never = foldLotChanges([price(LOT, 2, "5.00")], new Map([state({ objectStatus: "Hidden" })]));
    expect(never.writes[0]).toMatchObject({ visibleAt: null, visibleWithOverrideAt: null });
  });

  it("a lot without a card is a typed, retriable error for the whole call (as one by one)", () => {
    expect(codeOf(() => foldLotChanges([status(LOT, 2, "Sold")], new Map()))).toBe(
      CATALOG_ERROR.propertyObjectNotFound,
    );
  });
});
