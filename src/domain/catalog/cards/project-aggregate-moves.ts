/**
 * How a batch of lot writes moves its projects' aggregates (pure, decision 0623). A status/price
 * change moves a lot in or out of the counted sets — PropertyObjectsTotal counts Published lots,
 * PropertyObjectsAvailable Published ∧ Free ones — so the counts change by the difference of the
 * lots' before and after; the prices' extremes are read from the project's index, not recounted.
 * A write that moves anything else the aggregates read (a lot entering or leaving Delisted, its
 * delivery date or readiness changing: an override that lapsed since its last write) asks for the
 * full recompute of its project instead.
 */

/** One lot's card before and after a write, as the aggregates see it. */
export interface LotCardMove {
  readonly projectId: string;
  readonly before: { readonly status: string; readonly objectStatus: string };
  readonly after: { readonly status: string; readonly objectStatus: string };
  /** Its effective delivery date or readiness changed in the write */
  readonly datesMoved: boolean;
}

export interface CountDelta {
  readonly total: number;
  readonly available: number;
}

export interface AggregateMoves {
  /** Projects whose counts move by a delta (zero included: their price extremes are re-read) */
  readonly deltas: ReadonlyMap<string, CountDelta>;
  /** Projects recomputed in full */
  readonly recompute: ReadonlySet<string>;
}

const counted = (s: LotCardMove["before"]): CountDelta => ({
  total: s.status === "Published" ? 1 : 0,
  available: s.status === "Published" && s.objectStatus === "Free" ? 1 : 0,
});

const needsRecompute = (m: LotCardMove): boolean =>
  m.datesMoved || (m.before.status === "Delisted") !== (m.after.status === "Delisted");

export function aggregateMoves(moves: readonly LotCardMove[]): AggregateMoves {
  const recompute = new Set(moves.filter(needsRecompute).map((m) => m.projectId));
  const deltas = new Map<string, CountDelta>();
  for (const m of moves) {
    if (recompute.has(m.projectId)) continue;
    const was = counted(m.before);
    const is = counted(m.after);
    const d = deltas.get(m.projectId) ?? { total: 0, available: 0 };
    deltas.set(m.projectId, {
      total: d.total + is.total - was.total,
      available: d.available + is.available - was.available,
    });
  }
  return { deltas, recompute };
}
