import type { EventEnvelope } from "../../envelope.js";
import type { InboundMessage } from "../../wire.js";
import type { DedupKey } from "../dedup-key.js";

/**
 * The values one batch passes from stage to stage (read the stages in order: 1-admit … 6-record).
 * Every stage returns a new value; none of them changes what it was given.
 */

/** A message admitted by stage 1: envelope parsed, contract checked, dedup key known. */
export interface Item {
  /** Position in the batch as delivered */
  readonly index: number;
  readonly message: InboundMessage;
  readonly envelope: EventEnvelope<unknown>;
  /** The stored dedup key (dedup-key.ts); the gate matches the scope's answer by identity */
  readonly dedupKey: DedupKey;
  /** 1 on first delivery; a parked retry's prior failures + 1 */
  readonly attempt: number;
  /** The definition's `ordering.waitKey` of the message (decision 0580); null without one */
  readonly waitKey: string | null;
}

export const DUPLICATE = "skipped-duplicate";
export const PARKED_BEHIND = "parked-behind";

/** What became of one admitted message (stages 2 and 3). */
export type Verdict =
  /** Its handler ran and its writes are in the scope; `result` is the handler's */
  | { readonly kind: "handled"; readonly item: Item; readonly result: string }
  /** Already marked (an earlier delivery) or twice in this batch: nothing ran */
  | { readonly kind: "duplicate"; readonly item: Item }
  /** Its key has a parked message: parked behind it, in offset order, not run */
  | { readonly kind: "parked-behind"; readonly item: Item; readonly at: Date }
  /** Failed; parked for a retry in a later transaction */
  | {
      readonly kind: "parked";
      readonly item: Item;
      readonly attempts: number;
      readonly at: Date;
      readonly code: string;
      readonly error: string;
    }
  /** Failed for good */
  | {
      readonly kind: "dead-lettered";
      readonly item: Item;
      readonly code: string;
      readonly reason: string;
      readonly attempts: number;
    }
  /** Failed; acknowledged by the consumer's skip policy */
  | { readonly kind: "skipped"; readonly item: Item };

/** What stage 5 writes after the scope committed (always in PostgreSQL, whatever the scope). */
export type Action =
  | {
      readonly kind: "dead-letter";
      readonly message: InboundMessage;
      readonly code: string;
      readonly reason: string;
      readonly attempts: number;
    }
  | {
      readonly kind: "park";
      readonly message: InboundMessage;
      readonly attempts: number;
      readonly at: Date;
      readonly code: string | null;
      readonly error: string | null;
      readonly waitKey: string | null;
    }
  | { readonly kind: "unpark" };

/** `${topic}\u0000${key}`: the unit of order (parked keys, the gate's and the strategies' checks). */
export const pairOf = (m: { readonly topic: string; readonly key: string }): string =>
  `${m.topic}\u0000${m.key}`;

/** A failure the whole batch must yield to: roll back, pause, read again. */
export class InfrastructureSignal {
  constructor(readonly error: unknown) {}
}

/** A handler failed during the pass without savepoints: roll back and run the careful pass. */
export class OptimisticAbort {}
