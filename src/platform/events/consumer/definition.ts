import type { ReaderContract } from "../../../contracts/reader-contract.js";
import type { Clock } from "../../clock/clock.js";
import type { Tx } from "../../db/prisma-client.js";
import { isDomainError } from "../../errors/domain-error.js";
import type { Logger } from "../../log/logger.js";
import type { EventEnvelope } from "../envelope.js";
import { classifyDefault, type ErrorClass } from "./classify-error.js";
import type { SpecNamedConsumerMetrics } from "./consumer-metrics.js";
import type { BatchSettings, OrderingOptions, PolicyOptions } from "./definition-options.js";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry-policy.js";
import { postgresScope, type ScopeFactory } from "./scope.js";

export { ConcurrencyConflictError, classifyDefault, type ErrorClass, errorCodeOf } from "./classify-error.js";
export type { BatchSettings, OrderingOptions, PolicyOptions } from "./definition-options.js";
export { type PgTx, pgScope, rawPgScope } from "./pg-scope.js";
export type { RetryPolicy } from "./retry-policy.js";
export { DEFAULT_RETRY_POLICY } from "./retry-policy.js";
export { type BatchSink, postgresScope, type ScopeFactory, type SinkWriter, sinkScope } from "./scope.js";

/** A topic → payload map from src/contracts (ChessboardEventByTopic, CrmEventByTopic, …). */
// biome-ignore lint/suspicious/noExplicitAny: any payload type; the map's keys are what matters
export type PayloadMap = { readonly [topic: string]: any };
export type TopicOf<M extends PayloadMap> = keyof M & string;

/**
 * What a handler writes through: on the PostgreSQL scope a Prisma transaction (`Tx`), on a sink
 * scope the batch's SinkWriter. Named `tx` on both so per-message handlers keep today's API.
 */
export interface HandlerContext<W = Tx> {
  /** The batch's transaction (under this message's savepoint) or the sink writer */
  tx: W;
  envelope: EventEnvelope<unknown>;
  log: Logger;
  clock: Clock;
  /** Keep the group membership alive during long rewrites */
  heartbeat(): Promise<void>;
  /** 1 on first delivery; grows with parked retries and conflict re-reads */
  attempt: number;
}

/** `skipped-stale`: the version guard refused an old event (counted in `pin_consumer_stale_total`). */
export type HandlerResult = "applied" | "skipped-stale" | "skipped";

// biome-ignore lint/suspicious/noConfusingVoidType: a handler that returns nothing means "applied"
export type EventHandler<P, W = Tx> = (payload: P, ctx: HandlerContext<W>) => Promise<HandlerResult | void>;

/** One message of a batch, discriminated by topic: `if (m.topic === TOPIC.x) m.payload` is typed. */
export type BatchMessage<M extends PayloadMap> = {
  [T in TopicOf<M>]: {
    readonly topic: T;
    readonly key: string;
    readonly payload: M[T];
    readonly envelope: EventEnvelope<M[T]>;
    /** 1 on first delivery; grows with parked retries */
    readonly attempt: number;
  };
}[TopicOf<M>];

export interface BatchContext<W = Tx> {
  /** The batch's transaction (under a savepoint) or the sink writer */
  tx: W;
  log: Logger;
  clock: Clock;
  heartbeat(): Promise<void>;
}

/**
 * A set-based handler: gets every deliverable message of a batch (duplicates removed, parked keys
 * held back, offset order per key). Return nothing (all applied) or one result per message, in order.
 * If it throws, the runtime splits the batch (bisection) until the failing message is isolated,
 * which then gets the per-message error policy (decision 0029).
 */
export type BatchHandler<M extends PayloadMap, W = Tx> = (
  messages: ReadonlyArray<BatchMessage<M>>,
  ctx: BatchContext<W>,
  // biome-ignore lint/suspicious/noConfusingVoidType: nothing returned means "all applied"
) => Promise<void | ReadonlyArray<HandlerResult>>;

/**
 * Takes a batch's locks before any of its handlers runs: once per transaction, outside every
 * savepoint, with every message the handlers will get. A consumer whose handlers lock shared rows
 * (catalog: one advisory lock per project) takes them all here in one order; a bisected group or a
 * re-run then only re-enters locks it already holds and cannot deadlock against another
 * partition's batch (decision 0218). A failure here is an infrastructure failure: the batch is
 * rolled back and read again.
 */
export type BatchLocker<M extends PayloadMap, W = Tx> = (
  messages: ReadonlyArray<BatchMessage<M>>,
  ctx: BatchContext<W>,
) => Promise<void>;

/**
 * A consumer's options in four groups (decision 0381): what it is (group, metrics, DLQ, what it
 * reads), its scope (where handlers write, batch sizes), its ordering, its policy; a batch
 * consumer's locking is `lockBatch`.
 */
interface ConsumerDefinitionBase<W> {
  /** Kafka consumer group id, also the dedup namespace and the DLQ topic's name source */
  group: string;
  /**
   * Only for a consumer whose spec names its runtime metrics (decision 0604): those names too,
   * besides the shared `pin_consumer_*` family every consumer is recorded in (labelled by group
   * and topic: pin_consumer_consumed_total, _dlq_total, _lag_seconds, _consume_duration_seconds, …).
   */
  specMetrics?: SpecNamedConsumerMetrics;
  /** DLQ topic when it does not follow `pin.<context>.<rest>-dlq.v1` derived from the group */
  dlqTopic?: string;
  /**
   * What the group reads of each topic (decision 0300): the gate validates a payload against the
   * reader contract of its topic — not against the producer's full schema — and hands the handler
   * the normalised payload (absent optional fields null, decimals exact canonical strings). Every
   * consumer of the system declares one per topic it reads (a unit test checks it); a topic
   * without one falls back to the producer's schema in schema/events (test-only topics).
   */
  readers?: { readonly [topic: string]: ReaderContract };
  /** Contract version the handlers were written for; a different one is warned about and counted */
  expectedContractVersion?: number;
  /** Scope: where handlers write and how dedup is kept; default postgresScope() */
  scope?: ScopeFactory<W>;
  /** Scope: overrides of the settings PIN_CONSUMER_BATCH_SIZE / PIN_CONSUMER_FLUSH_MS */
  batch?: BatchSettings;
  ordering?: OrderingOptions;
  policy?: PolicyOptions;
}

/** Per-message handlers by topic; the topics subscribed are exactly the keys of this map. */
export interface MessageConsumerDefinition<M extends PayloadMap, W = Tx> extends ConsumerDefinitionBase<W> {
  handlers: { [T in TopicOf<M>]?: EventHandler<M[T], W> };
  handleBatch?: never;
  /**
   * The batch's row locks, taken once in the batch transaction before the first handler, outside
   * every savepoint (decision 0524): handlers that lock rows one message at a time in message order
   * deadlock against another member's batch that meets the same rows in another order.
   */
  lockBatch?: BatchLocker<M, W>;
  topics?: never;
}

/** One set-based handler for the listed topics. */
export interface BatchConsumerDefinition<M extends PayloadMap, W = Tx> extends ConsumerDefinitionBase<W> {
  topics: ReadonlyArray<TopicOf<M>>;
  handleBatch: BatchHandler<M, W>;
  lockBatch?: BatchLocker<M, W>;
  handlers?: never;
}

export type ConsumerDefinition<M extends PayloadMap = PayloadMap, W = Tx> =
  | MessageConsumerDefinition<M, W>
  | BatchConsumerDefinition<M, W>;

/** What the runtime holds: any definition, its payload and writer types erased. */
// biome-ignore lint/suspicious/noExplicitAny: erased at the runtime boundary
export interface AnyConsumerDefinition extends ConsumerDefinitionBase<any> {
  readonly handlers?: {
    // biome-ignore lint/suspicious/noConfusingVoidType: as EventHandler
    readonly [topic: string]: ((payload: never, ctx: never) => Promise<HandlerResult | void>) | undefined;
  };
  readonly topics?: readonly string[];
  // biome-ignore lint/suspicious/noConfusingVoidType: as BatchHandler
  readonly handleBatch?: (messages: never, ctx: never) => Promise<void | ReadonlyArray<HandlerResult>>;
  readonly lockBatch?: (messages: never, ctx: never) => Promise<void>;
}

/**
 * `defineConsumer<ChessboardEventByTopic>({ group, handlers: { [TOPIC.x]: (p, ctx) => … } })`:
 * the payload of each handler is typed by the map and a topic outside the map does not compile.
 * A sink consumer names its writer: `defineConsumer<Map, SinkWriter<Row>>({ scope: sinkScope(open), … })`.
 */
export function defineConsumer<M extends PayloadMap, W = Tx>(
  def: ConsumerDefinition<M, W>,
): ConsumerDefinition<M, W> {
  if (!def.group) throw new Error("defineConsumer: group is required");
  for (const name of Object.values(def.specMetrics ?? {}))
    if (!/^[a-z_][a-z0-9_]*$/.test(name))
      throw new Error(`defineConsumer(${def.group}): "${name}" is not a valid metric name`);
  if (subscribedTopics(def as AnyConsumerDefinition).length === 0)
    throw new Error(`defineConsumer(${def.group}): no topics`);
  for (const topic of Object.keys(def.readers ?? {})) {
    if (!subscribedTopics(def as AnyConsumerDefinition).includes(topic))
      throw new Error(`defineConsumer(${def.group}): a reader contract for ${topic}, which it does not read`);
    if (def.readers?.[topic]?.topic !== topic)
      throw new Error(
        `defineConsumer(${def.group}): the reader contract under ${topic} is for another topic`,
      );
  }
  if (def.handlers && def.handleBatch) {
    throw new Error(`defineConsumer(${def.group}): handlers and handleBatch are exclusive`);
  }
  const size = def.batch?.maxMessages;
  if (size !== undefined && (!Number.isInteger(size) || size < 1 || size > 10_000)) {
    throw new Error(`defineConsumer(${def.group}): batch.maxMessages must be 1..10000`);
  }
  if (
    def.ordering?.batchFlow === "pipelined" &&
    (!def.handleBatch || def.ordering.keyOrder !== "irrelevant")
  ) {
    throw new Error(
      `defineConsumer(${def.group}): batchFlow "pipelined" needs handleBatch and keyOrder "irrelevant" (decision 0217)`,
    );
  }
  return def;
}

export function subscribedTopics(def: AnyConsumerDefinition): string[] {
  return def.handleBatch ? [...(def.topics ?? [])] : Object.keys(def.handlers ?? {});
}

export function scopeOf(def: AnyConsumerDefinition): ScopeFactory<unknown> {
  return def.scope ?? postgresScope();
}

export function retryPolicyOf(def: AnyConsumerDefinition): RetryPolicy {
  return { ...DEFAULT_RETRY_POLICY, ...def.policy?.retry };
}

/** The consumer's own classification, then its code lists, then the platform's defaults. */
export function classifyFor(def: AnyConsumerDefinition, error: unknown): ErrorClass {
  const policy = def.policy;
  const own = policy?.classifyError?.(error);
  if (own) return own;
  if (isDomainError(error)) {
    if (policy?.nonRetriableCodes?.includes(error.code)) return "non-retriable";
    if (policy?.retriableCodes?.includes(error.code)) return "retriable";
  }
  return classifyDefault(error);
}
