import type { Clock } from "../../../clock/clock.js";
import type { Logger } from "../../../log/logger.js";
import { contextFromHeaders, inSpan, linkTo, markFailed } from "../../../tracing/tracing.js";
import type { InboundMessage } from "../../wire.js";
import { errorCodeOf } from "../classify-error.js";
import type { ConsumerMetrics } from "../consumer-metrics.js";
import type { Admitted } from "./1-admit.js";
import { perTopic } from "./1-admit.js";
import { DUPLICATE, type Item, PARKED_BEHIND } from "./types.js";

/**
 * Stage 6, record: the batch's metrics, logs and span. The stages before it call it for what
 * happens on the way (a conflict re-read, a park, an infrastructure failure); the handled
 * messages are recorded once per batch, after the policy's writes.
 */
export interface RecordDeps {
  readonly group: string;
  readonly log: Logger;
  readonly clock: Clock;
  readonly metrics: ConsumerMetrics;
  /** `invalidPayload: "skip"`: a refused message is skipped with a warning, not dead-lettered */
  readonly skipInvalid: boolean;
}

export function createRecorder(deps: RecordDeps) {
  const { group, log, metrics } = deps;
  const labelsFor = perTopic((topic: string) => ({ group, topic }));
  const fieldsOf = (item: Item) => ({
    group,
    topic: item.message.topic,
    key: item.message.key,
    messageId: item.envelope.metadata.messageId,
  });
  return {
    labelsFor,

    /** Stage 1's findings: contract-version mismatches (warned, counted) and skipped refusals. */
    admitted(admitted: Admitted): void {
      for (const { message, expected, got } of admitted.versionMismatches) {
        metrics.contractMismatch.inc(labelsFor(message.topic));
        log.warn({ group, topic: message.topic, expected, got }, "contract version mismatch");
      }
      if (!deps.skipInvalid) return;
      for (const { message, reason } of admitted.refused) {
        // The consumer's spec says skip + warning for a broken payload (decision 0105).
        metrics.skipped.inc(labelsFor(message.topic));
        log.warn(
          { group, topic: message.topic, key: message.key, offset: message.offset, reason },
          "invalid payload skipped by policy",
        );
      }
    },

    /** The batch yields to a dependency failure; `item` when one message's handler met it. */
    infrastructure(topic: string, error: unknown, item?: Item): void {
      metrics.infrastructure.inc(labelsFor(topic));
      if (item)
        log.warn(
          { group, topic: item.message.topic, key: item.message.key, err: error },
          "infrastructure failure",
        );
    },
    conflict(item: Item): void {
      metrics.conflicts.inc(labelsFor(item.message.topic));
    },
    reRead(item: Item, conflicts: number, error: unknown): void {
      log.warn(
        { ...fieldsOf(item), conflicts, errorCode: errorCodeOf(error), err: error },
        "concurrency conflict, re-reading",
      );
    },
    /** A retriable failure (parked, or dead-lettered once the schedule is used up) */
    retried(item: Item): void {
      metrics.retries.inc(labelsFor(item.message.topic));
    },
    parked(item: Item, failures: number, at: Date, error: unknown, why: string): void {
      log.warn(
        { ...fieldsOf(item), failures, retryAt: at.toISOString(), errorCode: errorCodeOf(error), err: error },
        why,
      );
    },
    skipped(item: Item, error: unknown): void {
      metrics.skipped.inc(labelsFor(item.message.topic));
      log.warn({ ...fieldsOf(item), errorCode: errorCodeOf(error), err: error }, "failure skipped by policy");
    },
    bisecting(size: number, error: unknown): void {
      log.info({ group, size, errorCode: errorCodeOf(error) }, "batch handler failed, bisecting");
    },
    locksFailed(items: readonly Item[], error: unknown): void {
      metrics.infrastructure.inc(labelsFor(items[0]?.message.topic ?? ""));
      log.warn({ group, size: items.length, err: error }, "batch locks failed, batch read again");
    },
    /** A pipelined batch rolled back because the one before it did not commit (decision 0217). */
    discarded(messages: readonly InboundMessage[]): void {
      const first = messages[0];
      const topic = first?.topic ?? "";
      metrics.discarded.inc(labelsFor(topic));
      log.info(
        { group, topic, partition: first?.partition, from: first?.offset, size: messages.length },
        "pipelined batch rolled back: the batch before it did not commit; it is read again",
      );
    },

    /**
     * Metrics of a batch's handled messages (decision 0036): counters once per (topic, result)
     * with the count, the lag gauge once per topic (its last message, the value per-message sets
     * would leave), the duration histogram one observation per message with the batch's elapsed
     * time, recorded per topic in one call (decision 0214). Logs per message only for the rare
     * results (duplicate, stale, parked behind) and at debug level.
     */
    successes: (done: ReadonlyArray<{ readonly item: Item; readonly result: string }>, started: number) =>
      recordSuccesses(deps, labelsFor, done, started),
  };
}

export type Recorder = ReturnType<typeof createRecorder>;

function recordSuccesses(
  deps: RecordDeps,
  labelsFor: (topic: string) => { group: string; topic: string },
  done: ReadonlyArray<{ readonly item: Item; readonly result: string }>,
  started: number,
): void {
  const { group, log, metrics, clock } = deps;
  if (done.length === 0) return;
  const elapsed = performance.now() - started;
  // `last`: the topic's last envelope; its created-at (a lazy header) is read once per topic.
  type Entry = { n: number; results: Map<string, number>; last: Item["envelope"] | null };
  const byTopic = new Map<string, Entry>();
  const debug = log.isLevelEnabled("debug");
  // Batches are nearly always one topic and one result: reuse the last entries found.
  let topic = "";
  let entry: Entry | undefined;
  for (const { item, result } of done) {
    const { message, envelope } = item;
    if (entry === undefined || message.topic !== topic) {
      topic = message.topic;
      entry = byTopic.get(topic);
      if (entry === undefined) {
        entry = { n: 0, results: new Map(), last: null };
        byTopic.set(topic, entry);
      }
    }
    entry.n += 1;
    entry.results.set(result, (entry.results.get(result) ?? 0) + 1);
    entry.last = envelope;
    if (!debug) continue;
    // At debug only, the rare results too: a start or a catch-up must not print a line per event (0421).
    const fields = { group, topic, key: message.key, messageId: envelope.metadata.messageId };
    const rare = result === DUPLICATE || result === "skipped-stale" || result === PARKED_BEHIND;
    log.debug(fields, rare ? result : "consumed");
  }
  const now = clock.now().getTime();
  for (const [t, { n, results, last }] of byTopic) {
    const l = labelsFor(t);
    metrics.duration.record(l, elapsed, n);
    for (const [result, count] of results) {
      metrics.consumed.inc({ ...l, result }, count);
      if (result === DUPLICATE) metrics.skippedDuplicate.inc(l, count);
      if (result === "skipped-stale") metrics.stale.inc(l, count);
    }
    const created = Date.parse(last?.metadata.createdAt ?? "");
    if (Number.isFinite(created)) metrics.lag.set(l, Math.max(0, (now - created) / 1000));
  }
}

/**
 * The receipt span (decision 0202): a child of the producer's span for one message, linked to
 * each message's producer for a batch; the handlers' spans and Prisma's nest under it.
 */
export function inReceiptSpan<T extends { kind: string }>(
  group: string,
  messages: readonly InboundMessage[],
  fn: () => Promise<T>,
): Promise<T> {
  const producers = messages.map((m) => contextFromHeaders(m.headers));
  const topics = [...new Set(messages.map((m) => m.topic))];
  return inSpan(
    `${topics.length === 1 ? topics[0] : group} process`,
    {
      kind: "consumer",
      ...(messages.length === 1 ? { parent: producers[0] } : { links: producers.flatMap((c) => linkTo(c)) }),
      attributes: {
        "messaging.operation.type": "process",
        "messaging.consumer.group.name": group,
        "messaging.batch.message_count": messages.length,
        ...(topics.length === 1 ? { "messaging.destination.name": topics[0] } : {}),
      },
    },
    async (span) => {
      const outcome = await fn();
      if (outcome.kind === "infrastructure") markFailed(span, "infrastructure failure: batch paused");
      return outcome;
    },
  );
}
