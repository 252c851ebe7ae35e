import type { InboundMessage } from "../../wire.js";
import type { DedupKey } from "../dedup-key.js";
import type { ScopeSession } from "../scope.js";
import { type Item, pairOf, type Verdict } from "./types.js";

/**
 * Stage 2, gate: which admitted messages run. A key with a parked message waits behind it (its
 * new messages are parked behind, in offset order); a message already marked, or twice in the
 * batch, is a duplicate; the rest are marked processed in the scope and go on to stage 3.
 * One SQL call per scope session: on PostgreSQL the parked-key check rides on the dedup mark
 * (decision 0035); a sink scope, which keeps no marks, reads the group's parked keys before it
 * begins, or not at all under `keyOrder: "irrelevant"` (decision 0212).
 */
export interface Gated {
  /** Parked-behind and duplicate messages, in that order (batch order within each) */
  readonly verdicts: readonly Verdict[];
  /** What stage 3 runs, in batch order */
  readonly toRun: readonly Item[];
  /**
   * false when the gate saw that the group had no parked message at all as the batch began: the
   * batch's re-drive has nothing of its own to find (decision 0627). true when it had, or unknown.
   */
  readonly groupHadParked: boolean;
}

/**
 * The gate's decision (pure). `held`: (topic, key) pairs with a parked message; `fresh`: dedup
 * keys the scope marked now (null where the scope keeps no marks: every message is fresh).
 * In-batch duplicates: the dedup key is <group>:<topic>:<messageId>, so within the group's batch
 * (topic, message id) is the same test, without hashing a dedup-key string per message.
 */
export function decideGate(
  candidates: readonly Item[],
  held: ReadonlySet<string>,
  fresh: ReadonlySet<DedupKey> | null,
  now: Date,
): Gated {
  const behind: Verdict[] = [];
  const duplicates: Verdict[] = [];
  const toRun: Item[] = [];
  const seenIds = new Map<string, Set<string>>();
  for (const item of candidates) {
    if (held.size > 0 && held.has(pairOf(item.message))) {
      behind.push({ kind: "parked-behind", item, at: now });
      continue;
    }
    let ids = seenIds.get(item.message.topic);
    if (!ids) {
      ids = new Set();
      seenIds.set(item.message.topic, ids);
    }
    const id = item.envelope.metadata.messageId;
    if ((fresh !== null && !fresh.has(item.dedupKey)) || ids.has(id))
      duplicates.push({ kind: "duplicate", item });
    else {
      ids.add(id);
      toRun.push(item);
    }
  }
  return {
    verdicts: behind.length === 0 ? duplicates : [...behind, ...duplicates],
    toRun,
    groupHadParked: true,
  };
}

export interface GateDeps {
  readonly scopeKind: "postgres" | "sink";
  /**
   * false: a PostgreSQL scope without dedup marks (decisions 0540, 0589). Its parked keys are read
   * before the scope begins, as a sink's: read inside, on another connection of the pool, every
   * batch would hold its transaction's connection while waiting for a second one, and concurrent
   * batches exhaust the pool and wait on each other for ever.
   */
  readonly marked?: boolean;
  /**
   * true: the scope's session reads the parked keys (ScopeSession.parkedKeys), as the statement
   * that opens its transaction (decision 0631), instead of the gate before the scope begins.
   */
  readonly parkedInSession?: boolean;
  /** Whether a key's messages wait behind its parked one on a sink scope (see sink-strategy) */
  readonly keyOrderKept: boolean;
  /** The group's parked (topic, key) pairs among these messages (sql/parked-keys) */
  readonly parkedKeys: (messages: readonly InboundMessage[]) => Promise<ReadonlySet<string>>;
}

const NONE: ReadonlySet<string> = new Set();

export function createGate(deps: GateDeps) {
  /** Whether the parked-key check rides on the PostgreSQL scope's dedup mark */
  const folded = (ready: readonly Item[], retry: boolean) =>
    !retry && ready.length > 0 && deps.scopeKind === "postgres" && deps.marked !== false;
  const messagesOf = (items: readonly Item[]) => items.map((i) => i.message);
  /** Whether the parked keys are read in the scope's session, not before it begins */
  const inSession = (ready: readonly Item[], retry: boolean) =>
    !retry && ready.length > 0 && deps.keyOrderKept && deps.parkedInSession === true;
  return {
    /**
     * Before the scope begins: the parked keys a sink scope must respect. A parked retry is itself
     * the head of its key, and the PostgreSQL scope checks inside its transaction.
     */
    async before(ready: readonly Item[], retry: boolean): Promise<ReadonlySet<string>> {
      if (retry || folded(ready, retry) || !deps.keyOrderKept || inSession(ready, retry)) return NONE;
      return deps.parkedKeys(messagesOf(ready));
    },

    /** In the scope: the one statement (parked keys + mark) or the mark alone, then the decision. */
    async pass(
      session: ScopeSession<unknown>,
      ready: readonly Item[],
      heldBefore: ReadonlySet<string>,
      retry: boolean,
      now: Date,
    ): Promise<Gated> {
      if (folded(ready, retry) && session.markUnlessParked) {
        const marked = await session.markUnlessParked(
          ready.map((i) => ({ dedupKey: i.dedupKey, topic: i.message.topic, key: i.message.key })),
        );
        return {
          ...decideGate(ready, marked.parked, marked.fresh, now),
          groupHadParked: marked.groupHadParked,
        };
      }
      if (inSession(ready, retry) && session.parkedKeys) {
        const parked = await session.parkedKeys(messagesOf(ready));
        return { ...decideGate(ready, parked.held, null, now), groupHadParked: parked.groupHadParked };
      }
      // A scope without marks read its parked keys before it began (heldBefore), as a sink does.
      const held = heldBefore;
      const candidates = held.size === 0 ? ready : ready.filter((item) => !held.has(pairOf(item.message)));
      const fresh = session.mark ? await session.mark(candidates.map((i) => i.dedupKey)) : null;
      return decideGate(ready, held, fresh, now);
    },
  };
}

export type Gate = ReturnType<typeof createGate>;
