import type { Clock } from "../../clock/clock.js";
import type { Tx } from "../../db/prisma-client.js";
import type { Logger } from "../../log/logger.js";
import type { EventEnvelope } from "../envelope.js";
import { classifyDefault } from "./classify-error.js";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry-policy.js";

export { ConcurrencyConflictError, classifyDefault, errorCodeOf } from "./classify-error.js";
export type { RetryPolicy } from "./retry-policy.js";
export { DEFAULT_RETRY_POLICY } from "./retry-policy.js";

export interface HandlerContext {
  /** The consumer's transaction: the dedup mark is written in it, so write your changes here too */
  tx: Tx;
  envelope: EventEnvelope<unknown>;
  log: Logger;
  clock: Clock;
  /** Keep the group membership alive during long batch rewrites */
  heartbeat(): Promise<void>;
  /** 1 on first delivery; grows with parked retries and conflict re-reads */
  attempt: number;
}

/** `skipped-stale`: the version guard refused an old event (counted in `<prefix>_stale_total`). */
export type HandlerResult = "applied" | "skipped-stale" | "skipped";

// biome-ignore lint/suspicious/noConfusingVoidType: a handler that returns nothing means "applied"
export type EventHandler<P> = (payload: P, ctx: HandlerContext) => Promise<HandlerResult | void>;

/**
 * - conflict: optimistic-lock race → up to 3 immediate retries in a fresh transaction, then DLQ
 * - retriable: the message is parked (its key waits behind it) and retried 30s→1m→…→16m, then DLQ
 * - non-retriable: DLQ at once
 * - skip: ack with a warning and `<prefix>_skipped_total` (policy of consumers that tolerate gaps)
 * - infrastructure: dependency down → the partition pauses with 1s→60s backoff, nothing is acked
 */
export type ErrorClass = "conflict" | "retriable" | "non-retriable" | "skip" | "infrastructure";

export interface ConsumerDefinition {
  /** Kafka consumer group id, also the dedup namespace and the DLQ topic's name source */
  group: string;
  /** Handlers by topic; the topics subscribed are exactly the keys of this map */
  handlers: Partial<Record<string, EventHandler<never>>>;
  /**
   * Per-code policy. Return undefined to fall back to the defaults (classifyDefault):
   * ValidationError and codes ending _TENANT_MISMATCH/_UNSUPPORTED_CURRENCY/_CONTRACT_FIELD_MISSING/
   * _KIND_CHANGED → non-retriable; _NOT_FOUND → retriable; ConcurrencyConflictError → conflict;
   * connection errors/timeouts → infrastructure; anything else → retriable (CONSUMER_UNEXPECTED_ERROR).
   */
  classifyError?(error: unknown): ErrorClass | undefined;
  /** Contract version the handlers were written for; a different one is warned about and counted */
  expectedContractVersion?: number;
  /**
   * Metric name prefix, e.g. "chessboard_booking_status" → chessboard_booking_status_consumed_total,
   * _dlq_total, _contract_mismatch_total, _lag_seconds, _consume_duration_ms, _stale_total,
   * _retries_total, _conflicts_total, _skipped_duplicate_total (all labelled by group and topic).
   */
  metricsPrefix: string;
  retry?: Partial<RetryPolicy>;
  /**
   * A payload that breaks its contract: "dead-letter" (default, EVENT_CONTRACT_INVALID) or
   * "skip" (ack + warning + `_skipped_total`, for consumers whose spec says skip + warning).
   */
  invalidPayload?: "dead-letter" | "skip";
}

export function defineConsumer(def: ConsumerDefinition): ConsumerDefinition {
  if (!def.group) throw new Error("defineConsumer: group is required");
  if (!/^[a-z_][a-z0-9_]*$/.test(def.metricsPrefix)) {
    throw new Error(`defineConsumer: metricsPrefix "${def.metricsPrefix}" is not a valid metric name prefix`);
  }
  if (Object.keys(def.handlers).length === 0) throw new Error(`defineConsumer(${def.group}): no handlers`);
  return def;
}

export function retryPolicyOf(def: ConsumerDefinition): RetryPolicy {
  return { ...DEFAULT_RETRY_POLICY, ...def.retry };
}

/** The consumer's own classification first, then the platform's defaults. */
export function classifyFor(def: ConsumerDefinition, error: unknown): ErrorClass {
  return def.classifyError?.(error) ?? classifyDefault(error);
}
