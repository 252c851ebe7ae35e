/**
 * The relay's claims within one process (decision 0633): one at a time. A claim takes every shard
 * it can lock (sql/claim-shards.ts), so a second worker claiming beside it would only find the
 * shards held; instead it tells the claiming worker, which claims once more after its own — the
 * rows committed while that claim was in flight (their commit signal woke the other worker) leave
 * at once, not at the next signal. Replaces decision 0622's per-shard version of the same rule.
 */
export interface InProcessClaims {
  active: boolean;
  again: boolean;
  /** Workers a commit signal woke since their last pass (they claim without the hint) */
  readonly signalled: Set<number>;
}

/** What one claim transaction did. */
export interface ClaimResult {
  readonly published: number;
  /** A full batch or a full window: more rows may wait, the next pass at once */
  readonly full: boolean;
  /** A shard with rows was held by another relay replica: look again at the polling interval */
  readonly passedOver: boolean;
}

export function inProcessClaims(): InProcessClaims {
  return { active: false, again: false, signalled: new Set() };
}

/**
 * Runs `claim` unless a sibling worker is claiming (then "sibling": it claims again for us).
 * `direct`: claim without reading the hint first (a signalled pass, or one after a full claim).
 */
export async function claimInProcess(
  claims: InProcessClaims,
  direct: boolean,
  claim: (direct: boolean) => Promise<ClaimResult>,
): Promise<ClaimResult | "sibling"> {
  if (claims.active) {
    claims.again = true;
    return "sibling";
  }
  claims.active = true;
  try {
    let first = direct;
    for (;;) {
      claims.again = false;
      const result = await claim(first);
      if (result.full || !claims.again) return result;
      first = true;
    }
  } finally {
    claims.active = false;
  }
}
