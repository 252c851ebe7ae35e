/**
 * How a batch of the six topics is run (pure). Status and price changes (flows E/F, the bulk of
 * the stream) are set-based: they are held back and applied together, a few statements for all
 * of them; every other message runs its own flow at its place. Holding a change back past a
 * message is only allowed where the two commute:
 *
 * - a lot's passport (D) of another lot: D writes only its own lot (and the project's aggregates,
 *   which are derived and recomputed once more when the held changes are applied);
 * - never past a project, building or developer event (A–C): they change what a lot's
 *   visibility and denormalised fields are computed from, and Delisted freezes a lot (INV-7);
 * - never past the same lot's passport: per-key order across the lot's topics is kept as
 *   delivered (LIM-1 decides nothing more than in one-by-one processing).
 *
 * So the outcome of every message — applied, skipped-stale, skipped, or an error — is the one it
 * gets when the batch is processed message by message in its order.
 */

/** What the plan needs to know of a message. */
export type SyncBatchItem =
  | { readonly kind: "lot-change"; readonly lotId: string }
  | { readonly kind: "lot-upsert"; readonly lotId: string }
  | { readonly kind: "other" };

export type SyncStep =
  | { readonly kind: "one"; readonly index: number }
  /** Held-back E/F messages (indexes into the batch, in batch order) applied set-based */
  | { readonly kind: "lot-changes"; readonly indexes: readonly number[] };

export function planSyncBatch(items: readonly SyncBatchItem[]): SyncStep[] {
  const steps: SyncStep[] = [];
  let held: number[] = [];
  const heldLots = new Set<string>();
  const release = () => {
    if (held.length === 0) return;
    steps.push({ kind: "lot-changes", indexes: held });
    held = [];
    heldLots.clear();
  };
  items.forEach((item, index) => {
    if (item.kind === "lot-change") {
      held.push(index);
      heldLots.add(item.lotId);
      return;
    }
    if (item.kind === "other" || heldLots.has(item.lotId)) release();
    steps.push({ kind: "one", index });
  });
  release();
  return steps;
}

/**
 * Rounds of a set-based apply: round k holds the k-th change of every lot (indexes in order), so
 * a lot's successive changes run in successive rounds, each against the state the previous left.
 */
export function lotChangeRounds(lotIds: readonly string[]): number[][] {
  const rounds: number[][] = [];
  const seen = new Map<string, number>();
  lotIds.forEach((id, index) => {
    const k = seen.get(id) ?? 0;
    seen.set(id, k + 1);
    let round = rounds[k];
    if (!round) {
      round = [];
      rounds.push(round);
    }
    round.push(index);
  });
  return rounds;
}
