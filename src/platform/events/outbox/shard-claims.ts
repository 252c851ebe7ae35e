/**
 * The shards this relay's workers are claiming now (decision 0622). A worker that finds a shard
 * taken by a sibling does not race it for the advisory lock: it tells the sibling, which claims
 * the shard once more after its own claim — the rows committed while that claim was in flight
 * (their commit signal woke the other worker) leave at once, not at the next signal.
 */
export interface ClaimOutcome {
  /** A claim came back with a full batch: more rows may wait */
  readonly full: boolean;
  /** Another relay replica holds the shard's lock */
  readonly lockedElsewhere: boolean;
}

/** One claim transaction of a shard: the rows published, or "locked" by another replica. */
export type ClaimOnce = (shard: number) => Promise<number | "locked">;

export interface ShardClaims {
  claim(shard: number): Promise<ClaimOutcome>;
}

export function shardClaims(claimOnce: ClaimOnce, batchSize: number): ShardClaims {
  const claiming = new Map<number, { again: boolean }>();
  return {
    async claim(shard) {
      const sibling = claiming.get(shard);
      if (sibling) {
        sibling.again = true;
        return { full: false, lockedElsewhere: false };
      }
      const mine = { again: false };
      claiming.set(shard, mine);
      try {
        for (;;) {
          mine.again = false;
          const published = await claimOnce(shard);
          if (published === "locked") return { full: false, lockedElsewhere: true };
          if (published === batchSize) return { full: true, lockedElsewhere: false };
          if (!mine.again) return { full: false, lockedElsewhere: false };
        }
      } finally {
        claiming.delete(shard);
      }
    },
  };
}
