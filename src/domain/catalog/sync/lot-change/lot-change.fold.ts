/**
 * E/F folded (pure): a batch's status/price changes, in batch order, against the state their lots
 * are in, to one outcome per message and one write per lot. Each message is decided (stale,
 * Delisted, applied) against the state its lot's earlier changes in the batch left — exactly as if
 * they were applied one by one — and a lot's applied changes are merged into its final snapshot,
 * written in one statement for the whole batch (lot-changes.writer.ts, decision 0512).
 *
 * What the state after a change is, without writing it: the change's Version becomes the lot's
 * chessboard version; the card's status becomes Delisted when its project is (the recompute's
 * rule), otherwise stays what the guards saw. PublishedAt is the time of the first applied change
 * after which the lot was visible; visibility also depends on the project and the overrides
 * (constant within the batch, read by the write), so two candidates are kept: the first change
 * after which the lot is not Hidden and its snapshot price is positive (no price override), and
 * the first after which it is not Hidden (a price override decides the price).
 */
import type { PropertyObjectStatus } from "../../../../contracts/chessboard-events.js";
import type {
  CatalogPriceChanged,
  CatalogStatusChanged,
} from "../../../../contracts/readers/catalog-chessboard-sync.readers.js";
import type { LotCardState } from "../../cards/card-reads.js";
import type { Warnings } from "../../vocabulary/card-vocabulary.js";
import { toHundredths } from "../../vocabulary/numbers.js";
import { decidePriceChange, decideStatusChange } from "./lot-change.decide.js";

/** One held-back message of flow E (status) or F (price), with what its log lines carry. */
export type LotChange = {
  readonly eventTime: Date;
  readonly eventId: string;
  readonly topic: string;
} & (
  | { readonly kind: "status"; readonly payload: CatalogStatusChanged }
  | { readonly kind: "price"; readonly payload: CatalogPriceChanged }
);

/** What a lot's changes are folded on: its card's guard state, its snapshot and its project. */
export interface LotChangeState {
  readonly card: LotCardState;
  /** The replicated status stored (property_object_status) */
  readonly objectStatus: string;
  /** The snapshot price stored (source_price), null if none */
  readonly sourcePrice: string | null;
  /** The project card's status, null when the lot's project has no card */
  readonly projectStatus: string | null;
}

export type LotChangeOutcome =
  | { readonly kind: "stale"; readonly chessboardVersion: number }
  | { readonly kind: "delisted" }
  | {
      readonly kind: "applied";
      readonly warnings: Warnings;
      /** The guard state the change was decided on */
      readonly chessboardVersion: number;
      readonly status: PropertyObjectStatus | null;
      readonly price: string | null;
    };

/** One lot's applied changes merged: its final snapshot, checked against the row version read. */
export interface LotChangeWrite {
  readonly id: string;
  readonly projectId: string;
  readonly expectedRowVersion: number;
  /** The final replicated status, null when no applied change set one */
  readonly status: PropertyObjectStatus | null;
  /** The final snapshot price, null when no applied change set one */
  readonly price: string | null;
  /** The last applied change's Version and time (ChessboardSyncedAt) */
  readonly version: number;
  readonly eventTime: Date;
  /** The first applied change after which the lot is not Hidden with a positive snapshot price */
  readonly visibleAt: Date | null;
  /** The first applied change after which the lot is not Hidden (when a price override applies) */
  readonly visibleWithOverrideAt: Date | null;
  /** Whether a status change applied (flow E needs the project card to exist) */
  readonly statusApplied: boolean;
  /** The batch indexes of its applied changes, in order */
  readonly indexes: readonly number[];
}

interface Folding {
  card: LotCardState;
  objectStatus: string;
  sourcePrice: string | null;
  write: {
    status: PropertyObjectStatus | null;
    price: string | null;
    version: number;
    eventTime: Date;
    visibleAt: Date | null;
    visibleWithOverrideAt: Date | null;
    statusApplied: boolean;
    indexes: number[];
  } | null;
}

const positive = (price: string | null): boolean => {
  const hundredths = price === null ? null : toHundredths(price);
  return hundredths !== null && hundredths > 0n;
};

/**
 * Decides every change in order (a decision's typed error — no card, tenant, currency, payload —
 * throws for the whole call, as one-by-one handling would for that message) and merges each lot's
 * applied changes. `states` holds the lots that have a card; writes come in first-seen lot order.
 */
export function foldLotChanges(
  changes: readonly LotChange[],
  states: ReadonlyMap<string, LotChangeState>,
): { outcomes: LotChangeOutcome[]; writes: LotChangeWrite[] } {
  const folding = new Map<string, Folding>();
  const outcomes: LotChangeOutcome[] = [];
  changes.forEach((change, index) => {
    const id = change.payload.PropertyObjectId;
    let lot = folding.get(id);
    if (!lot) {
      const state = states.get(id);
      if (state) {
        lot = {
          card: state.card,
          objectStatus: state.objectStatus,
          sourcePrice: state.sourcePrice,
          write: null,
        };
        folding.set(id, lot);
      }
    }
    const card = lot?.card ?? null;
    const decision =
      change.kind === "status"
        ? decideStatusChange(change.payload, card)
        : decidePriceChange(change.payload, card);
    if (decision.kind === "stale") {
      outcomes.push({ kind: "stale", chessboardVersion: card?.chessboardVersion ?? 0 });
      return;
    }
    if (decision.kind === "delisted") {
      outcomes.push({ kind: "delisted" });
      return;
    }
    // applied: a decision past the guards had a card, so `lot` exists
    const f = lot as Folding;
    const c = decision.change;
    const status = "status" in c ? c.status : null;
    const price = "price" in c ? c.price : null;
    outcomes.push({
      kind: "applied",
      warnings: decision.warnings,
      chessboardVersion: f.card.chessboardVersion,
      status,
      price,
    });
    if (status !== null) f.objectStatus = status;
    if (price !== null) f.sourcePrice = price;
    const projectStatus = states.get(id)?.projectStatus ?? null;
    f.card = {
      ...f.card,
      chessboardVersion: c.version,
      status: projectStatus === "Delisted" ? "Delisted" : f.card.status,
    };
    const w = f.write ?? {
      status: null,
      price: null,
      version: c.version,
      eventTime: change.eventTime,
      visibleAt: null,
      visibleWithOverrideAt: null,
      statusApplied: false,
      indexes: [],
    };
    if (status !== null) w.status = status;
    if (price !== null) w.price = price;
    w.version = c.version;
    w.eventTime = change.eventTime;
    w.statusApplied ||= status !== null;
    w.indexes.push(index);
    if (f.objectStatus !== "Hidden") {
      w.visibleWithOverrideAt ??= change.eventTime;
      if (positive(f.sourcePrice)) w.visibleAt ??= change.eventTime;
    }
    f.write = w;
  });
  const writes: LotChangeWrite[] = [];
  for (const [id, f] of folding) {
    if (!f.write) continue;
    const start = states.get(id) as LotChangeState;
    writes.push({
      id,
      projectId: start.card.projectId,
      expectedRowVersion: start.card.rowVersion,
      ...f.write,
    });
  }
  return { outcomes, writes };
}
