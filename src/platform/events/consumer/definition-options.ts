import type { ReaderViolation } from "../contracts/reader-gate.js";
import type { ErrorClass } from "./classify-error.js";
import type { RetryPolicy } from "./retry-policy.js";

/** The grouped options of a consumer definition (decision 0381); see ConsumerDefinitionBase. */

export interface BatchSettings {
  /** Most messages handled in one scope (one transaction / one sink flush) */
  maxMessages?: number;
  /** How long the transport may wait to fill a batch (ms) */
  flushMs?: number;
}

/**
 * What happens to a message whose handler throws or whose payload breaks its contract (stage 4,
 * policy, and stage 1's refusals).
 */
export interface PolicyOptions {
  /** Domain error codes that go to the DLQ at once (the consumer's own, e.g. X_TENANT_MISMATCH) */
  nonRetriableCodes?: readonly string[];
  /** Domain error codes that are parked and retried (e.g. X_NOT_FOUND of a late parent) */
  retriableCodes?: readonly string[];
  /**
   * Per-error policy. Return undefined to fall back to the codes above, then to the defaults
   * (classifyDefault): ValidationError → non-retriable; not_found category → retriable;
   * ConcurrencyConflictError / conflict category → conflict; connection errors/timeouts →
   * infrastructure; other domain errors → non-retriable; anything else → retriable
   * (CONSUMER_UNEXPECTED_ERROR).
   */
  classifyError?(error: unknown): ErrorClass | undefined;
  retry?: Partial<RetryPolicy>;
  /**
   * A message whose envelope or payload breaks its contract: "dead-letter" (default,
   * EVENT_CONTRACT_INVALID / EVENT_TYPE_MISMATCH) or "skip" (ack + warning + `pin_consumer_skipped_total`,
   * for consumers whose spec says skip + warning; decision 0105).
   */
  invalidPayload?: "dead-letter" | "skip";
  /**
   * The DLQ code of a payload that breaks its contract; undefined → EVENT_CONTRACT_INVALID.
   * Lets a consumer take its spec's error path (catalog: a required field missing →
   * CATALOG_SYNC_CONTRACT_FIELD_MISSING, a malformed one → CATALOG_SYNC_INVALID_PAYLOAD).
   */
  contractViolationCode?(violations: readonly ReaderViolation[]): string | undefined;
}

/** How a key's messages and a partition's batches are ordered (stages/sink-strategy.ts). */
export interface OrderingOptions {
  /**
   * "kept" (default): a key's messages are handled in offset order; one arriving behind a parked
   * message of its key is parked behind it. "irrelevant": the handler's effect does not depend on
   * the order of a key's messages (commutative, idempotent writes such as an aggregate state or an
   * argMax dimension): a batch on a sink scope skips the parked-key check (one database round trip
   * per batch) and a key's new messages are not held behind its parked one (decision 0212). On the
   * PostgreSQL scope the check rides on the dedup mark and stays.
   */
  keyOrder?: "kept" | "irrelevant";
  /**
   * "pipelined": where the transport hands over more than one batch of a partition at a time
   * (Kafka: one fetch), the next batch is validated and handled while this one's write is in
   * flight; it commits only after this one committed whole, and is rolled back and read again
   * otherwise (decision 0217). Allowed only where nothing before the commit is durable and the
   * handler reads nothing the batch before it writes: a batch handler on a sink scope with
   * `keyOrder: "irrelevant"` (checked). Default "sequential".
   */
  batchFlow?: "sequential" | "pipelined";
  /**
   * What a message may wait for beyond its own key (decision 0580): a message parked on a retriable
   * failure is often waiting for another key's message about the same thing (chessboard: a booking
   * event for the previous holder's release of the same property object). Messages with the same
   * wait key re-drive each other: when one is handled, the group's parked messages with its wait
   * key are retried at once (the retry timer stays the fallback). null: the message waits for
   * nothing in particular. On the PostgreSQL scope only (the parked table is PostgreSQL's anyway).
   */
  waitKey?(topic: string, payload: unknown): string | null;
}
