import type { Clock } from "../../clock/clock.js";
import type { Db, Tx } from "../../db/prisma-client.js";
import { assertNever } from "../../errors/domain-error.js";
import type { Logger } from "../../log/logger.js";
import { observeRepeated } from "../../metrics/observe-repeated.js";
import { contextFromHeaders, inSpan, linkTo, markFailed } from "../../tracing/tracing.js";
import { createReaderGate, describeViolations, type ReaderGate } from "../contracts/reader-gate.js";
import type { ContractRegistry } from "../contracts/registry.js";
import { type EventEnvelope, HEADER } from "../envelope.js";
import { eventTypeOf } from "../topics.js";
import { dedupKeyOf, type InboundMessage, parseEnvelope } from "../wire.js";
import {
  CONTRACT_INVALID_CODE,
  EVENT_TYPE_MISMATCH_CODE,
  errorCodeOf,
  errorMessageOf,
} from "./classify-error.js";
import type { ConsumerMetrics } from "./consumer-metrics.js";
import { type SendFn, writeDeadLetter } from "./dead-letter.js";
import {
  type AnyConsumerDefinition,
  type BatchHandler,
  type BatchLocker,
  type BatchMessage,
  classifyFor,
  type EventHandler,
  type PayloadMap,
  retryPolicyOf,
  scopeOf,
  subscribedTopics,
} from "./definition.js";
import { nextRetry } from "./retry-policy.js";
import type { ScopeSession } from "./scope.js";
import { lockParked } from "./sql/lock-parked.js";
import { park } from "./sql/park.js";
import { parkedKeys } from "./sql/parked-keys.js";
import { rescheduleParked } from "./sql/reschedule-parked.js";
import { unpark } from "./sql/unpark.js";

/**
 * What the transport must do with the batch's positions:
 * - done: commit past every message (handled, duplicate, parked, dead-lettered or skipped)
 * - infrastructure: commit nothing of the batch; pause and read it again from its first message
 */
export type BatchOutcome = { kind: "done"; results: string[] } | { kind: "infrastructure"; error: unknown };

export interface BatchOptions {
  heartbeat?: () => Promise<void>;
  /**
   * Checked before each per-message handler: when it turns false (graceful stop, partition
   * revoked) the batch ends there: the messages before it commit, the rest are left unread
   * (`results` is then shorter than the batch: commit the offset of its last entry only).
   */
  isRunning?: () => boolean;
  /**
   * Awaited right before the scope commits (a pipelined transport: this batch was prepared while
   * the one before it was being written, and may commit only once that one is durable). If it
   * rejects, the batch is rolled back and nothing of it is acted on: the outcome is
   * `infrastructure` with that error, and the transport reads the batch again.
   */
  awaitTurn?: () => Promise<void>;
}
export type ProcessOutcome = { kind: "done"; result: string } | { kind: "infrastructure"; error: unknown };

export interface ParkedRow {
  id: bigint;
  topic: string;
  key: string;
  partition: number;
  offset: string;
  value: string;
  headers: Record<string, string>;
  attempts: number;
}

export interface MessageProcessorDeps {
  def: AnyConsumerDefinition;
  db: Db;
  log: Logger;
  clock: Clock;
  contracts: ContractRegistry;
  metrics: ConsumerMetrics;
  send: SendFn;
}

const DUPLICATE = "skipped-duplicate";
const PARKED_BEHIND = "parked-behind";
const PARKED_TX_TIMEOUT_MS = 5 * 60_000;

/** A handler failed during the pass without savepoints: roll back and run the careful pass. */
class OptimisticAbort {}

/** A failure the whole batch must yield to: roll back, pause, read again. */
class InfrastructureSignal {
  constructor(readonly error: unknown) {}
}

interface Item {
  readonly index: number;
  readonly message: InboundMessage;
  readonly envelope: EventEnvelope<unknown>;
  readonly dedupKey: string;
  readonly attempt: number;
}

/** What the policy writes after the scope committed (always in PostgreSQL, whatever the scope). */
type Action =
  | { kind: "dead-letter"; message: InboundMessage; code: string; reason: string; attempts: number }
  | {
      kind: "park";
      message: InboundMessage;
      attempts: number;
      at: Date;
      code: string | null;
      error: string | null;
    }
  | { kind: "unpark" };

/**
 * The consumer policy: dedup, validation, handlers and the per-message error classes, for one
 * batch of one partition (or local lane) at a time. SQL lives in ./sql, one operation per file.
 */
export function createMessageProcessor(deps: MessageProcessorDeps) {
  const { def, db, clock, contracts, metrics } = deps;
  const policy = retryPolicyOf(def);
  const group = def.group;
  const scope = scopeOf(def)({ db, group, clock });
  // A PostgreSQL batch holds its transaction open until its commit: a pipelined batch would read
  // before the previous one's writes are visible (decision 0217).
  if (def.batchFlow === "pipelined" && scope.kind !== "sink")
    throw new Error(`consumer ${group}: batchFlow "pipelined" needs a sink scope`);
  const labels = (topic: string) => ({ group, topic });
  const pairOf = (m: { topic: string; key: string }) => `${m.topic}\u0000${m.key}`;

  type Prepared =
    | { kind: "ready"; envelope: EventEnvelope<unknown> }
    | { kind: "rejected"; code: string; reason: string }
    | { kind: "unhandled" };

  const subscribed = new Set(subscribedTopics(def));
  const gates = new Map(
    Object.entries(def.readers ?? {}).map(([topic, contract]) => [topic, createReaderGate(contract)]),
  );
  const readerFor = (topic: string): ReaderGate | undefined => gates.get(topic);

  function prepare(message: InboundMessage): Prepared {
    if (!subscribed.has(message.topic)) return { kind: "unhandled" };
    const declared = message.headers[HEADER.eventType];
    if (declared !== eventTypeFor(message.topic)) {
      return {
        kind: "rejected",
        code: EVENT_TYPE_MISMATCH_CODE,
        reason: `event-type header ${declared === undefined ? "is missing" : `"${declared.slice(0, 100)}"`}; topic ${message.topic} carries ${eventTypeFor(message.topic)}`,
      };
    }
    const gate = readerFor(message.topic);
    let parsed: ReturnType<typeof parseEnvelope>;
    if (gate) {
      // The group's reader contract (decision 0300): exact decimals, absent optional fields null.
      if (!message.headers[HEADER.messageId]) parsed = parseEnvelope(message);
      else {
        const read = gate.read(message.value);
        if (!read.ok) {
          return {
            kind: "rejected",
            code: def.contractViolationCode?.(read.violations) ?? CONTRACT_INVALID_CODE,
            reason: `contract violation: ${describeViolations(read.violations)}`,
          };
        }
        parsed = parseEnvelope(message, read.payload);
      }
      if (!parsed.ok) return { kind: "rejected", code: CONTRACT_INVALID_CODE, reason: parsed.error };
    } else {
      parsed = parseEnvelope(message);
      if (!parsed.ok) return { kind: "rejected", code: CONTRACT_INVALID_CODE, reason: parsed.error };
      const valid = contracts.validatePayload(message.topic, parsed.envelope.payload);
      if (!valid.ok) {
        return {
          kind: "rejected",
          code: CONTRACT_INVALID_CODE,
          reason: `contract violation: ${valid.errors.join("; ")}`,
        };
      }
    }
    const expected = def.expectedContractVersion;
    if (expected !== undefined && parsed.envelope.metadata.contractVersion !== expected) {
      metrics.contractMismatch.inc(labels(message.topic));
      deps.log.warn(
        { group, topic: message.topic, expected, got: parsed.envelope.metadata.contractVersion },
        "contract version mismatch",
      );
    }
    return { kind: "ready", envelope: parsed.envelope };
  }

  // Per-topic values computed once, not per message (`eventTypeOf` splits the name; label objects).
  const perTopic = <T>(of: (topic: string) => T) => {
    const cache = new Map<string, T>();
    return (topic: string): T => {
      if (!cache.has(topic)) cache.set(topic, of(topic));
      return cache.get(topic) as T;
    };
  };
  const eventTypeFor = perTopic(eventTypeOf);
  const labelsFor = perTopic(labels);

  /**
   * Metrics of a batch's handled messages (decision 0036): counters once per (topic, result) with
   * the count, the lag gauge once per topic (its last message, the value per-message sets would
   * leave), the duration histogram one observation per message with the batch's elapsed time,
   * recorded per topic in one call (decision 0214). Logs per message only for the rare results
   * (duplicate, stale, parked behind) and at debug level.
   */
  function recordSuccesses(done: ReadonlyArray<{ item: Item; result: string }>, started: number) {
    if (done.length === 0) return;
    const elapsed = performance.now() - started;
    const byTopic = new Map<string, { n: number; results: Map<string, number>; lastCreated: string }>();
    const debug = deps.log.isLevelEnabled("debug");
    // Batches are nearly always one topic and one result: reuse the last entries found.
    let topic = "";
    let entry: { n: number; results: Map<string, number>; lastCreated: string } | undefined;
    for (const { item, result } of done) {
      const { message, envelope } = item;
      if (entry === undefined || message.topic !== topic) {
        topic = message.topic;
        entry = byTopic.get(topic);
        if (entry === undefined) {
          entry = { n: 0, results: new Map(), lastCreated: "" };
          byTopic.set(topic, entry);
        }
      }
      entry.n += 1;
      entry.results.set(result, (entry.results.get(result) ?? 0) + 1);
      entry.lastCreated = envelope.metadata.createdAt;
      if (result === DUPLICATE || result === "skipped-stale" || result === PARKED_BEHIND)
        deps.log.debug(
          { group, topic: message.topic, key: message.key, messageId: envelope.metadata.messageId },
          result,
        );
      else if (debug)
        deps.log.debug(
          { group, topic: message.topic, key: message.key, messageId: envelope.metadata.messageId },
          "consumed",
        );
    }
    const now = clock.now().getTime();
    for (const [t, { n, results, lastCreated }] of byTopic) {
      const l = labelsFor(t);
      observeRepeated(metrics.duration, l, elapsed, n);
      for (const [result, count] of results) {
        metrics.consumed.inc({ ...l, result }, count);
        if (result === DUPLICATE) metrics.skippedDuplicate.inc(l, count);
        if (result === "skipped-stale") metrics.stale.inc(l, count);
      }
      const created = Date.parse(lastCreated);
      if (Number.isFinite(created)) metrics.lag.set(l, Math.max(0, (now - created) / 1000));
    }
  }

  /**
   * One batch. `parked` is set when this is the retry of one parked message (a batch of one),
   * whose row is locked by `parkedTx`.
   */
  function processBatch(
    messages: readonly InboundMessage[],
    opts: BatchOptions = {},
    parked: { row: ParkedRow; tx: Tx } | null = null,
  ): Promise<BatchOutcome> {
    // The receipt span (decision 0202): a child of the producer's span for one message, linked to
    // each message's producer for a batch; the handlers' spans and Prisma's nest under it.
    const producers = messages.map((m) => contextFromHeaders(m.headers));
    const topics = [...new Set(messages.map((m) => m.topic))];
    return inSpan(
      `${topics.length === 1 ? topics[0] : group} process`,
      {
        kind: "consumer",
        ...(messages.length === 1
          ? { parent: producers[0] }
          : { links: producers.flatMap((c) => linkTo(c)) }),
        attributes: {
          "messaging.operation.type": "process",
          "messaging.consumer.group.name": group,
          "messaging.batch.message_count": messages.length,
          ...(topics.length === 1 ? { "messaging.destination.name": topics[0] } : {}),
        },
      },
      async (span) => {
        const outcome = await processBatchInScope(messages, opts, parked);
        if (outcome.kind === "infrastructure") markFailed(span, "infrastructure failure: batch paused");
        return outcome;
      },
    );
  }

  async function processBatchInScope(
    messages: readonly InboundMessage[],
    opts: BatchOptions,
    parked: { row: ParkedRow; tx: Tx } | null,
  ): Promise<BatchOutcome> {
    const heartbeat = opts.heartbeat ?? (async () => {});
    const started = performance.now();
    const results: string[] = messages.map(() => "unhandled");
    const actions = new Map<number, Action>();
    const success: Array<{ item: Item; result: string }> = [];
    const priorFailures = parked?.row.attempts ?? 0;

    // 1. Validation: refused messages go to the DLQ, unhandled topics are passed over.
    const ready: Item[] = [];
    messages.forEach((message, index) => {
      const prepared = prepare(message);
      switch (prepared.kind) {
        case "unhandled":
          if (parked) actions.set(index, { kind: "unpark" });
          return;
        case "rejected":
          if (def.invalidPayload === "skip") {
            // The consumer's spec says skip + warning for a broken payload (decision 0105).
            metrics.skipped.inc(labels(message.topic));
            deps.log.warn(
              {
                group,
                topic: message.topic,
                key: message.key,
                offset: message.offset,
                reason: prepared.reason,
              },
              "invalid payload skipped by policy",
            );
            results[index] = "skipped";
            if (parked) actions.set(index, { kind: "unpark" });
            return;
          }
          results[index] = "dead-lettered";
          actions.set(index, {
            kind: "dead-letter",
            message,
            code: prepared.code,
            reason: prepared.reason,
            attempts: priorFailures + 1,
          });
          return;
        case "ready":
          ready.push({
            index,
            message,
            envelope: prepared.envelope,
            dedupKey: dedupKeyOf(group, prepared.envelope),
            attempt: priorFailures + 1,
          });
          return;
        default:
          assertNever(prepared, "prepared message");
      }
    });

    // Keys with a parked message wait behind it (a parked retry is itself the head of its key).
    const parkedInBatch = new Set<string>();
    const failedKeys: string[] = [];
    let optimistic = false;

    function parkBehind(item: Item) {
      results[item.index] = PARKED_BEHIND;
      failedKeys.push(item.dedupKey);
      actions.set(item.index, {
        kind: "park",
        message: item.message,
        attempts: 0,
        at: clock.now(),
        code: null,
        error: null,
      });
      success.push({ item, result: PARKED_BEHIND });
    }

    function deadLetter(item: Item, error: unknown, attempts: number) {
      results[item.index] = "dead-lettered";
      failedKeys.push(item.dedupKey);
      actions.set(item.index, {
        kind: "dead-letter",
        message: item.message,
        code: errorCodeOf(error),
        reason: errorMessageOf(error),
        attempts,
      });
    }

    /** The per-message error policy for one isolated message; `invoke` runs its handler once. */
    async function runOne(
      session: ScopeSession<unknown>,
      item: Item,
      invoke: (w: unknown) => Promise<string>,
    ) {
      if (parkedInBatch.size > 0 && parkedInBatch.has(pairOf(item.message))) return parkBehind(item);
      if (optimistic) {
        let result: string;
        try {
          result = await invoke(session.writer);
        } catch (error) {
          if (classifyFor(def, error) !== "infrastructure") throw new OptimisticAbort();
          metrics.infrastructure.inc(labels(item.message.topic));
          deps.log.warn(
            { group, topic: item.message.topic, key: item.message.key, err: error },
            "infrastructure failure",
          );
          throw new InfrastructureSignal(error);
        }
        results[item.index] = result;
        if (parked) actions.set(item.index, { kind: "unpark" });
        success.push({ item, result });
        return;
      }
      let conflicts = 0;
      for (;;) {
        const attempt = item.attempt + conflicts;
        try {
          const result = await session.isolate((w) => invoke(w));
          results[item.index] = result;
          if (parked) actions.set(item.index, { kind: "unpark" });
          success.push({ item, result });
          return;
        } catch (error) {
          const errorClass = classifyFor(def, error);
          const l = labels(item.message.topic);
          const fields = {
            group,
            topic: item.message.topic,
            key: item.message.key,
            messageId: item.envelope.metadata.messageId,
          };
          /** Parked for a retry in a later transaction on the retry schedule; DLQ when it is used up. */
          const parkForRetry = (why: string) => {
            metrics.retries.inc(l);
            const failures = priorFailures + 1;
            const next = nextRetry(policy, failures, clock.now());
            if (next.kind === "dead-letter") return deadLetter(item, error, failures);
            const code = errorCodeOf(error);
            deps.log.warn(
              { ...fields, failures, retryAt: next.at.toISOString(), errorCode: code, err: error },
              why,
            );
            results[item.index] = "parked";
            failedKeys.push(item.dedupKey);
            parkedInBatch.add(pairOf(item.message));
            actions.set(item.index, {
              kind: "park",
              message: item.message,
              attempts: failures,
              at: next.at,
              code,
              error: errorMessageOf(error),
            });
          };
          switch (errorClass) {
            case "conflict":
              metrics.conflicts.inc(l);
              conflicts += 1;
              if (conflicts <= policy.conflictRetries) {
                deps.log.warn({ ...fields, conflicts }, "concurrency conflict, re-reading");
                continue;
              }
              // Re-runs in this transaction keep meeting it (a hot row, or a deadlock against a lock
              // this transaction holds): not the message's fault, so a retry in a fresh transaction
              // later, and the DLQ only when the retry schedule is used up (decision 0219).
              return parkForRetry("concurrency conflict persists, parked");
            case "retriable":
              return parkForRetry("retriable failure, parked");
            case "non-retriable":
              return deadLetter(item, error, attempt);
            case "skip":
              metrics.skipped.inc(l);
              deps.log.warn(
                { ...fields, errorCode: errorCodeOf(error), err: error },
                "failure skipped by policy",
              );
              results[item.index] = "skipped";
              failedKeys.push(item.dedupKey);
              if (parked) actions.set(item.index, { kind: "unpark" });
              return;
            case "infrastructure":
              metrics.infrastructure.inc(l);
              deps.log.warn({ ...fields, err: error }, "infrastructure failure");
              throw new InfrastructureSignal(error);
            default:
              return assertNever(errorClass, "error class");
          }
        }
      }
    }

    const handlerLog = (item: Item) =>
      deps.log.child({ group, topic: item.message.topic, messageId: item.envelope.metadata.messageId });

    function invokeMessage(item: Item) {
      const handler = def.handlers?.[item.message.topic] as unknown as
        | EventHandler<unknown, unknown>
        | undefined;
      if (!handler) throw new Error(`no handler for ${item.message.topic}`);
      let conflicts = 0;
      return async (tx: unknown) => {
        const attempt = item.attempt + conflicts++;
        const result = await handler(item.envelope.payload, {
          tx,
          envelope: item.envelope,
          // created on first use: most handlers never log
          get log() {
            return handlerLog(item);
          },
          clock,
          heartbeat,
          attempt,
        });
        return result ?? "applied";
      };
    }

    /** The pass without savepoints: infrastructure stops the batch, anything else reruns it carefully. */
    async function runDirect<T>(session: ScopeSession<unknown>, fn: (w: unknown) => Promise<T>): Promise<T> {
      try {
        return await fn(session.writer);
      } catch (error) {
        if (classifyFor(def, error) !== "infrastructure") throw new OptimisticAbort();
        metrics.infrastructure.inc(labels(ready[0]?.message.topic ?? ""));
        throw new InfrastructureSignal(error);
      }
    }

    const batchMessage = (item: Item) =>
      ({
        topic: item.message.topic,
        key: item.message.key,
        payload: item.envelope.payload,
        envelope: item.envelope,
        attempt: item.attempt,
      }) as BatchMessage<PayloadMap>;

    /** A batch handler over `items`; if it throws, bisect until the offender is alone (0029). */
    async function runGroup(session: ScopeSession<unknown>, items: Item[]): Promise<void> {
      const handleBatch = def.handleBatch as unknown as BatchHandler<PayloadMap, unknown> | undefined;
      if (!handleBatch) throw new Error("runGroup without handleBatch");
      const live: Item[] = [];
      for (const item of items) {
        if (parkedInBatch.size > 0 && parkedInBatch.has(pairOf(item.message))) parkBehind(item);
        else live.push(item);
      }
      if (live.length === 0) return;
      const invoke = (group: Item[]) => async (tx: unknown) =>
        handleBatch(group.map(batchMessage), { tx, log: deps.log, clock, heartbeat });
      if (live.length === 1) {
        const only = live[0] as Item;
        return runOne(session, only, async (tx) => {
          const out = await invoke([only])(tx);
          return out?.[0] ?? "applied";
        });
      }
      try {
        const out = optimistic ? await runDirect(session, invoke(live)) : await session.isolate(invoke(live));
        live.forEach((item, i) => {
          const result = out?.[i] ?? "applied";
          results[item.index] = result;
          if (parked) actions.set(item.index, { kind: "unpark" });
          success.push({ item, result });
        });
      } catch (error) {
        if (error instanceof OptimisticAbort || error instanceof InfrastructureSignal) throw error;
        if (classifyFor(def, error) === "infrastructure") {
          metrics.infrastructure.inc(labels(live[0]?.message.topic ?? ""));
          throw new InfrastructureSignal(error);
        }
        const half = Math.ceil(live.length / 2);
        deps.log.info(
          { group, size: live.length, errorCode: errorCodeOf(error) },
          "batch handler failed, bisecting",
        );
        await runGroup(session, live.slice(0, half));
        await runGroup(session, live.slice(half));
      }
    }

    // 2. The scope: parked keys held back, one set-based dedup mark, handlers, one commit.
    // Handlers first run without savepoints (two round trips saved per message / batch call); if
    // any of them throws, the whole pass is rolled back and run again with a savepoint per
    // message or bisected batch call, where the error policy applies (decision 0034).
    const baseResults = [...results];
    const baseActions = new Map(actions);
    let stopAt = messages.length;
    const firstPass = scope.kind === "postgres" && ready.length > 1 ? 0 : 1;
    for (let pass = firstPass; pass < 2; pass++) {
      optimistic = pass === 0;
      results.splice(0, results.length, ...baseResults);
      actions.clear();
      for (const [k, v] of baseActions) actions.set(k, v);
      success.length = 0;
      failedKeys.length = 0;
      parkedInBatch.clear();
      stopAt = messages.length;
      let session: ScopeSession<unknown> | null = null;
      try {
        const folded = !parked && ready.length > 0 ? scope.kind === "postgres" : false;
        const blocked =
          parked || folded || def.keyOrder === "irrelevant"
            ? new Set<string>()
            : await parkedKeys(
                db,
                group,
                ready.map((i) => i.message),
              );
        session = await scope.begin();
        let fresh: ReadonlySet<string> | null;
        let candidates: Item[] = ready;
        if (folded && session.markUnlessParked) {
          // One statement: parked keys held back, every other message marked (decision 0035).
          const marked = await session.markUnlessParked(
            ready.map((i) => ({ dedupKey: i.dedupKey, topic: i.message.topic, key: i.message.key })),
          );
          fresh = marked.fresh;
          if (marked.parked.size > 0) {
            candidates = [];
            for (const item of ready) {
              if (marked.parked.has(pairOf(item.message))) {
                parkedInBatch.add(pairOf(item.message));
                parkBehind(item);
              } else candidates.push(item);
            }
          }
        } else {
          const held = folded
            ? await parkedKeys(
                db,
                group,
                ready.map((i) => i.message),
              )
            : blocked;
          if (held.size > 0) {
            candidates = [];
            for (const item of ready) {
              if (held.has(pairOf(item.message))) {
                parkedInBatch.add(pairOf(item.message));
                parkBehind(item);
              } else candidates.push(item);
            }
          }
          fresh = session.mark ? await session.mark(candidates.map((i) => i.dedupKey)) : null;
        }
        // In-batch duplicates: the same message twice in one batch runs once. The dedup key is
        // <group>:<topic>:<messageId>, so within the group's batch (topic, message id) is the same
        // test, without hashing a dedup-key string per message.
        const seenIds = new Map<string, Set<string>>();
        const repeated = (item: Item): boolean => {
          let ids = seenIds.get(item.message.topic);
          if (!ids) {
            ids = new Set();
            seenIds.set(item.message.topic, ids);
          }
          const id = item.envelope.metadata.messageId;
          if (ids.has(id)) return true;
          ids.add(id);
          return false;
        };
        const toRun: Item[] = [];
        for (const item of candidates) {
          if ((fresh !== null && !fresh.has(item.dedupKey)) || repeated(item)) {
            results[item.index] = DUPLICATE;
            if (parked) actions.set(item.index, { kind: "unpark" });
            success.push({ item, result: DUPLICATE });
          } else {
            toRun.push(item);
          }
        }
        if (def.lockBatch && toRun.length > 0) {
          const lockBatch = def.lockBatch as unknown as BatchLocker<PayloadMap, unknown>;
          try {
            await lockBatch(toRun.map(batchMessage), { tx: session.writer, log: deps.log, clock, heartbeat });
          } catch (error) {
            metrics.infrastructure.inc(labels(toRun[0]?.message.topic ?? ""));
            deps.log.warn({ group, size: toRun.length, err: error }, "batch locks failed, batch read again");
            throw new InfrastructureSignal(error);
          }
        }
        if (def.handleBatch) await runGroup(session, toRun);
        else {
          for (const item of toRun) {
            if (opts.isRunning && !opts.isRunning()) {
              stopAt = item.index;
              break;
            }
            await runOne(session, item, invokeMessage(item));
          }
        }
        if (stopAt < messages.length) {
          // Everything from the stop on is left for the next holder: no mark, no policy write.
          for (const item of toRun) if (item.index >= stopAt) failedKeys.push(item.dedupKey);
          for (const index of [...actions.keys()]) if (index >= stopAt) actions.delete(index);
        }
        if (opts.awaitTurn) {
          try {
            await opts.awaitTurn();
          } catch (error) {
            const topic = messages[0]?.topic ?? "";
            metrics.discarded.inc(labels(topic));
            deps.log.info(
              {
                group,
                topic,
                partition: messages[0]?.partition,
                from: messages[0]?.offset,
                size: messages.length,
              },
              "pipelined batch rolled back: the batch before it did not commit; it is read again",
            );
            throw error;
          }
        }
        await session.unmark(failedKeys);
        await session.commit();
        break;
      } catch (error) {
        await session?.rollback().catch(() => {});
        if (error instanceof OptimisticAbort) continue;
        return { kind: "infrastructure", error: error instanceof InfrastructureSignal ? error.error : error };
      }
    }

    // 3. The policy's writes, in PostgreSQL for every scope. A failure here is infrastructure:
    // the batch is read again, its committed messages are duplicates, the failed ones rerun.
    try {
      for (const [index, action] of actions) {
        const message = messages[index] as InboundMessage;
        await applyAction(action, message, parked);
      }
    } catch (error) {
      return { kind: "infrastructure", error };
    }
    recordSuccesses(
      stopAt < messages.length ? success.filter(({ item }) => item.index < stopAt) : success,
      started,
    );
    return { kind: "done", results: results.slice(0, stopAt) };
  }

  async function applyAction(
    action: Action,
    message: InboundMessage,
    parked: { row: ParkedRow; tx: Tx } | null,
  ) {
    const runner = parked?.tx ?? db;
    switch (action.kind) {
      case "unpark":
        if (parked) await unpark(runner, parked.row.id);
        return;
      case "park":
        if (parked && action.attempts > 0) {
          await rescheduleParked(
            runner,
            parked.row.id,
            action.attempts,
            action.at,
            action.code ?? "",
            action.error ?? "",
          );
          return;
        }
        await park(runner, {
          group,
          message,
          attempts: action.attempts,
          nextAttemptAt: action.at,
          errorCode: action.code,
          error: action.error,
          now: clock.now(),
        });
        return;
      case "dead-letter":
        if (parked) await unpark(runner, parked.row.id);
        await writeDeadLetter(
          { db, clock, send: deps.send },
          {
            group,
            dlqTopic: def.dlqTopic,
            message,
            errorCode: action.code,
            reason: action.reason,
            attempts: action.attempts,
          },
          parked?.tx,
        );
        metrics.dlq.inc({ ...labels(message.topic), code: action.code });
        deps.log.error(
          {
            group,
            topic: message.topic,
            key: message.key,
            offset: message.offset,
            errorCode: action.code,
            reason: action.reason,
            attempts: action.attempts,
          },
          "dead-lettered",
        );
        return;
      default:
        assertNever(action, "policy action");
    }
  }

  const toInbound = (row: ParkedRow): InboundMessage => ({
    topic: row.topic,
    partition: row.partition,
    offset: row.offset,
    key: row.key,
    value: row.value,
    headers: row.headers,
  });

  return {
    processBatch,
    /** Batches of one partition a transport may have in progress at once (decision 0217) */
    batchDepth: def.batchFlow === "pipelined" ? 2 : 1,
    /** One message fresh from the transport (a batch of one). */
    async process(
      message: InboundMessage,
      heartbeat: () => Promise<void> = async () => {},
    ): Promise<ProcessOutcome> {
      const outcome = await processBatch([message], { heartbeat });
      return outcome.kind === "done" ? { kind: "done", result: outcome.results[0] ?? "unhandled" } : outcome;
    },
    /** A parked message whose retry is due (or that reached the head of its key's queue). */
    async retryParked(
      row: ParkedRow,
      heartbeat: () => Promise<void> = async () => {},
    ): Promise<ProcessOutcome> {
      try {
        return await db.$transaction(
          async (tx) => {
            if (!(await lockParked(tx, row.id))) return { kind: "done", result: "gone" } as const;
            const outcome = await processBatch([toInbound(row)], { heartbeat }, { row, tx });
            if (outcome.kind === "infrastructure") return outcome;
            return { kind: "done", result: outcome.results[0] ?? "unhandled" } as const;
          },
          { timeout: PARKED_TX_TIMEOUT_MS, maxWait: PARKED_TX_TIMEOUT_MS },
        );
      } catch (error) {
        return { kind: "infrastructure", error };
      }
    },
  };
}

export type MessageProcessor = ReturnType<typeof createMessageProcessor>;
