import { contextFromHeaders, inSpan, linkTo, markFailed } from "../../../tracing/tracing.js";
import { errorCodeOf } from "../classify-error.js";
import { perTopic } from "./1-admit.js";
import { DUPLICATE, PARKED_BEHIND } from "./types.js";
function createRecorder(deps) {
  const { group, log, metrics } = deps;
  const labelsFor = perTopic((topic) => ({ group, topic }));
  const fieldsOf = (item) => ({
    group,
    topic: item.message.topic,
    key: item.message.key,
    messageId: item.envelope.metadata.messageId
  });
  return {
    labelsFor,
    /** Stage 1's findings: contract-version mismatches (warned, counted) and skipped refusals. */
    admitted(admitted) {
      for (const { message, expected, got } of admitted.versionMismatches) {
        metrics.contractMismatch.inc(labelsFor(message.topic));
        log.warn({ group, topic: message.topic, expected, got }, "contract version mismatch");
      }
      if (!deps.skipInvalid) return;
      for (const { message, reason } of admitted.refused) {
        metrics.skipped.inc(labelsFor(message.topic));
        log.warn(
          { group, topic: message.topic, key: message.key, offset: message.offset, reason },
          "invalid payload skipped by policy"
        );
      }
    },
    /** The batch yields to a dependency failure; `item` when one message's handler met it. */
    infrastructure(topic, error, item) {
      metrics.infrastructure.inc(labelsFor(topic));
      if (item)
        log.warn(
          { group, topic: item.message.topic, key: item.message.key, err: error },
          "infrastructure failure"
        );
    },
    conflict(item) {
      metrics.conflicts.inc(labelsFor(item.message.topic));
    },
    reRead(item, conflicts) {
      log.warn({ ...fieldsOf(item), conflicts }, "concurrency conflict, re-reading");
    },
    /** A retriable failure (parked, or dead-lettered once the schedule is used up) */
    retried(item) {
      metrics.retries.inc(labelsFor(item.message.topic));
    },
    parked(item, failures, at, error, why) {
      log.warn(
        { ...fieldsOf(item), failures, retryAt: at.toISOString(), errorCode: errorCodeOf(error), err: error },
        why
      );
    },
    skipped(item, error) {
      metrics.skipped.inc(labelsFor(item.message.topic));
      log.warn({ ...fieldsOf(item), errorCode: errorCodeOf(error), err: error }, "failure skipped by policy");
    },
    bisecting(size, error) {
      log.info({ group, size, errorCode: errorCodeOf(error) }, "batch handler failed, bisecting");
    },
    locksFailed(items, error) {
      metrics.infrastructure.inc(labelsFor(items[0]?.message.topic ?? ""));
      log.warn({ group, size: items.length, err: error }, "batch locks failed, batch read again");
    },
    /** A pipelined batch rolled back because the one before it did not commit (decision 0217). */
    discarded(messages) {
      const first = messages[0];
      const topic = first?.topic ?? "";
      metrics.discarded.inc(labelsFor(topic));
      log.info(
        { group, topic, partition: first?.partition, from: first?.offset, size: messages.length },
        "pipelined batch rolled back: the batch before it did not commit; it is read again"
      );
    },
    /**
     * Metrics of a batch's handled messages (decision 0036): counters once per (topic, result)
     * with the count, the lag gauge once per topic (its last message, the value per-message sets
     * would leave), the duration histogram one observation per message with the batch's elapsed
     * time, recorded per topic in one call (decision 0214). Logs per message only for the rare
     * results (duplicate, stale, parked behind) and at debug level.
     */
    successes: (done, started) => recordSuccesses(deps, labelsFor, done, started)
  };
}
function recordSuccesses(deps, labelsFor, done, started) {
  const { group, log, metrics, clock } = deps;
  if (done.length === 0) return;
  const elapsed = performance.now() - started;
  const byTopic = /* @__PURE__ */ new Map();
  const debug = log.isLevelEnabled("debug");
  let topic = "";
  let entry;
  for (const { item, result } of done) {
    const { message, envelope } = item;
    if (entry === void 0 || message.topic !== topic) {
      topic = message.topic;
      entry = byTopic.get(topic);
      if (entry === void 0) {
        entry = { n: 0, results: /* @__PURE__ */ new Map(), last: null };
        byTopic.set(topic, entry);
      }
    }
    entry.n += 1;
    entry.results.set(result, (entry.results.get(result) ?? 0) + 1);
    entry.last = envelope;
    if (!debug) continue;
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
    if (Number.isFinite(created)) metrics.lag.set(l, Math.max(0, (now - created) / 1e3));
  }
}
function inReceiptSpan(group, messages, fn) {
  const producers = messages.map((m) => contextFromHeaders(m.headers));
  const topics = [...new Set(messages.map((m) => m.topic))];
  return inSpan(
    `${topics.length === 1 ? topics[0] : group} process`,
    {
      kind: "consumer",
      ...messages.length === 1 ? { parent: producers[0] } : { links: producers.flatMap((c) => linkTo(c)) },
      attributes: {
        "messaging.operation.type": "process",
        "messaging.consumer.group.name": group,
        "messaging.batch.message_count": messages.length,
        ...topics.length === 1 ? { "messaging.destination.name": topics[0] } : {}
      }
    },
    async (span) => {
      const outcome = await fn();
      if (outcome.kind === "infrastructure") markFailed(span, "infrastructure failure: batch paused");
      return outcome;
    }
  );
}
export {
  createRecorder,
  inReceiptSpan
};
//# sourceMappingURL=6-record.js.map
