/**
 * Is this kafkajs consumer still a member of its group? (decision 0533)
 *
 * Judged only by what the broker confirmed: a group join, a heartbeat the coordinator answered
 * (kafkajs' HEARTBEAT event) or an offset commit it accepted (COMMIT_OFFSETS) — never by a
 * `heartbeat()` promise that resolved: kafkajs resolves it without sending anything when the last
 * heartbeat is younger than the interval or when it has no member id.
 *
 * A healthy consumer is confirmed every few seconds, busy or idle (kafkajs heartbeats after every
 * empty fetch, the transport's timer during a long batch), and a join waits at most the rebalance
 * timeout. Nothing confirmed for `silentMs` (rebalance timeout + twice the session timeout) means
 * a runner stuck where nothing fails and nothing is logged — on a vanished broker, in a join that
 * never ends —: `onStall` replaces it. A refused heartbeat is not a stall: it ends the batch and
 * kafkajs rejoins (kafka-transport.ts).
 */
export interface MembershipStall {
  /** Since the last confirmation (or since the consumer was created) */
  readonly forMs: number;
}

export interface MembershipWatchOptions {
  readonly silentMs: number;
  onStall(stall: MembershipStall): void;
  readonly now?: () => number;
}

export interface MembershipWatch {
  /** The broker confirmed the membership: joined, a heartbeat answered, a commit accepted */
  confirmed(): void;
  /** Called on a timer */
  check(): void;
}

export class MembershipStalledError extends Error {
  constructor(stall: MembershipStall) {
    super(
      `no heartbeat, join or commit confirmed for ${Math.round(stall.forMs / 1000)} s: the consumer no longer serves its group`,
    );
    this.name = "MembershipStalledError";
  }
}

/** Fires `onStall` at most once: the consumer it watches is replaced by a fresh one with a fresh watch. */
export function watchMembership(options: MembershipWatchOptions): MembershipWatch {
  const now = options.now ?? Date.now;
  let lastConfirmed = now();
  let fired = false;
  return {
    confirmed() {
      lastConfirmed = now();
    },
    check() {
      if (fired) return;
      const forMs = now() - lastConfirmed;
      if (forMs < options.silentMs) return;
      fired = true;
      options.onStall({ forMs });
    },
  };
}
