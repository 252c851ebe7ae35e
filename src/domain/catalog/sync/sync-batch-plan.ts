/**
 * How a batch of the six topics is run (pure). Lot passports (flow D) and status/price changes
 * (flows E/F) — all but a handful of the stream — are set-based: they are held back in two groups
 * and each group is applied together, a few statements for all of it; project, building and
 * developer messages (A–C) run their own flow at their place. Holding a lot message back past
 * another message is only allowed where the two commute:
 *
 * - messages of other lots: D and E/F write only their own lot (and the project's aggregates,
 *   which are derived and recomputed once more when each group is applied);
 * - never past a project, building or developer event (A–C): they change what a lot's
 *   visibility and denormalised fields are computed from, and Delisted freezes a lot (INV-7);
 *   both groups are applied first;
 * - never past a message of the same lot: a lot's messages are applied in its order (rounds of
 *   runs, planSegment), so per-key order across the lot's topics is kept as delivered (LIM-1
 *   decides nothing more than in one-by-one processing). Two passports of one lot are never in
 *   one step; consecutive changes of one lot are (decided in order and merged, lot-change.fold.ts).
 *
 * So the outcome of every message — applied, skipped-stale, skipped, or an error — is the one it
 * gets when the batch is processed message by message in its order (decision 0203).
 */

/** What the plan needs to know of a message. */
export type SyncBatchItem =
  | { readonly kind: "lot-change"; readonly lotId: string }
  | { readonly kind: "lot-upsert"; readonly lotId: string }
  | { readonly kind: "other" };

export type SyncStep =
  | { readonly kind: "one"; readonly index: number }
  /** Held-back E/F messages (indexes into the batch, in batch order) applied set-based */
  | { readonly kind: "lot-changes"; readonly indexes: readonly number[] }
  /** Held-back D messages of distinct lots (indexes in batch order) applied set-based */
  | { readonly kind: "lot-upserts"; readonly indexes: readonly number[] };

type HeldKind = "lot-changes" | "lot-upserts";
type LotItem = Exclude<SyncBatchItem, { readonly kind: "other" }>;

export function planSyncBatch(items: readonly SyncBatchItem[]): SyncStep[] {
  const steps: SyncStep[] = [];
  let segment: number[] = [];
  items.forEach((item, index) => {
    if (item.kind !== "other") {
      segment.push(index);
      return;
    }
    steps.push(...planSegment(items, segment), { kind: "one", index });
    segment = [];
  });
  steps.push(...planSegment(items, segment));
  return steps;
}

/**
 * The lot messages between two A–C messages. Each lot's messages are cut into runs — one passport,
 * or consecutive status/price changes — and round k applies the k-th run of every lot: its
 * passports in one step, its changes in another (distinct lots, so the two commute; the one
 * holding the earlier message goes first). A lot's runs are thus applied in its order.
 */
function planSegment(items: readonly SyncBatchItem[], segment: readonly number[]): SyncStep[] {
  const runsByLot = new Map<string, Array<{ readonly kind: HeldKind; readonly indexes: number[] }>>();
  for (const index of segment) {
    const item = items[index] as LotItem;
    const kind: HeldKind = item.kind === "lot-change" ? "lot-changes" : "lot-upserts";
    let runs = runsByLot.get(item.lotId);
    if (!runs) {
      runs = [];
      runsByLot.set(item.lotId, runs);
    }
    const last = runs[runs.length - 1];
    if (last && kind === "lot-changes" && last.kind === "lot-changes") last.indexes.push(index);
    else runs.push({ kind, indexes: [index] });
  }
  const rounds: Array<Record<HeldKind, number[]>> = [];
  for (const runs of runsByLot.values()) {
    for (const [k, run] of runs.entries()) {
      let round = rounds[k];
      if (!round) {
        round = { "lot-changes": [], "lot-upserts": [] };
        rounds.push(round);
      }
      round[run.kind].push(...run.indexes);
    }
  }
  return rounds.flatMap((round) => {
    const groups = (["lot-upserts", "lot-changes"] as const)
      .map((kind) => ({ kind, indexes: round[kind].sort((a, b) => a - b) }))
      .filter((g) => g.indexes.length > 0);
    return groups.sort((a, b) => (a.indexes[0] as number) - (b.indexes[0] as number));
  });
}
