import { markFailed, startProducerSpan } from "../../tracing/tracing.js";
import { COMMIT_CHANNEL, idleInterval } from "../commit-signals.js";
import { isReportedKafkaFault } from "../kafka-security-faults.js";
import { createPollLoop } from "../poll-loop.js";
import { headersOf } from "../wire.js";
import {
  abandon,
  currentPublisher,
  PublishTimeoutError,
  relayPublishers,
  within
} from "./relay-publisher.js";
import { relayUpkeep } from "./relay-upkeep.js";
import { shardOrder } from "./shard-order.js";
import { claimShard } from "./sql/claim-shard.js";
import { hasUnpublished } from "./sql/has-unpublished.js";
import { markPublished } from "./sql/mark-published.js";
import { shardsWithUnpublished } from "./sql/shards-with-unpublished.js";
import { tryLockShard } from "./sql/try-lock-shard.js";
import { PublishTimeoutError as PublishTimeoutError2 } from "./relay-publisher.js";
import { OUTBOX_SHARD_LOCK_NAMESPACE } from "./sql/try-lock-shard.js";
const DEFAULT_BATCH_SIZE = 500;
const DEFAULT_WORKERS = 2;
const ERROR_BACKOFF_MIN_MS = 200;
const ERROR_BACKOFF_MAX_MS = 3e4;
const CLAIM_TX_TIMEOUT_MS = 6e4;
const PUBLISH_DEADLINE_MS = 45e3;
const REPLACE_AFTER_FAILURES = 3;
const CAUGHT_UP_CHECK_MS = 25;
function publishSpanOf(row, system) {
  if (!row.metadata.traceparent) return null;
  return startProducerSpan(`${row.topic} publish`, row.metadata.traceparent, {
    "messaging.system": system === "kafka" ? "kafka" : "pin-local-log",
    "messaging.operation.type": "send",
    "messaging.destination.name": row.topic,
    "messaging.message.id": row.metadata.messageId,
    "messaging.kafka.message.key": row.key,
    "pin.outbox.id": String(row.id)
  });
}
function createOutboxRelay(deps) {
  const { db, log, settings } = deps;
  const shards = settings.outboxShards;
  const batchSize = deps.tuning?.relayBatchSize ?? DEFAULT_BATCH_SIZE;
  const workers = Math.min(shards, deps.tuning?.relayWorkers ?? DEFAULT_WORKERS);
  const upkeep = relayUpkeep(deps);
  const m = upkeep.metrics;
  const pubs = relayPublishers(deps.transport, deps.tuning?.relayBrokers, log, deps.metrics);
  const deadlineMs = deps.tuning?.relayPublishDeadlineMs ?? PUBLISH_DEADLINE_MS;
  let loops = [];
  let unlisten = null;
  const relay = { deps, shards, batchSize, deadlineMs, pubs, metrics: m };
  function worker(index) {
    let cursor = Math.floor(Math.random() * shards);
    const loop = createPollLoop({
      idleMs: idleInterval(deps.signals, settings.outboxRelayIntervalMs, settings.commitSignalFallbackMs),
      async pass() {
        let published = 0;
        let fullBatch = false;
        for (const shard of shardOrder(await shardsWithUnpublished(db, shards), cursor)) {
          if (!loop.isRunning()) break;
          const n = await relayShard(relay, shard);
          published += n;
          if (n === batchSize) fullBatch = true;
        }
        cursor = (cursor + 1) % shards;
        if (index === 0) {
          await upkeep.refreshStats();
          await upkeep.sweepRetention();
        }
        return fullBatch || published > 0 ? "busy" : "idle";
      },
      onFailure: async (failures, error) => {
        m.errors.inc();
        if (failures % REPLACE_AFTER_FAILURES === 0)
          abandon(pubs, pubs.publisher, "failures", isReportedKafkaFault(error));
        const delay = logFailedPass(log, index, failures, error);
        await upkeep.refreshStats(true).catch(() => {
        });
        return delay;
      },
      onRecovered: (failures) => log.info({ worker: index, failures }, "outbox relay recovered")
    });
    return loop;
  }
  return {
    async start() {
      if (loops.length > 0) return;
      pubs.publisher = await deps.transport.publisher(pubs.options);
      pubs.active = true;
      loops = Array.from({ length: workers }, (_, i) => worker(i));
      for (const loop of loops) loop.start();
      unlisten = deps.signals?.on(COMMIT_CHANNEL.outbox, () => {
        for (const loop of loops) loop.nudge();
      }) ?? null;
      log.debug({ shards, workers, batchSize }, "outbox relay started");
    },
    async stop() {
      unlisten?.();
      unlisten = null;
      await Promise.all(loops.map((loop) => loop.stop()));
      loops = [];
      pubs.active = false;
      await pubs.publisher?.close();
      pubs.publisher = null;
    },
    async whenCaughtUp() {
      while (await hasUnpublished(db)) {
        for (const loop of loops) loop.wake();
        await new Promise((r) => setTimeout(r, CAUGHT_UP_CHECK_MS));
      }
    }
  };
}
function logFailedPass(log, worker, failures, error) {
  const delay = Math.min(ERROR_BACKOFF_MAX_MS, ERROR_BACKOFF_MIN_MS * 2 ** Math.min(failures - 1, 20));
  if (isReportedKafkaFault(error))
    log.debug({ worker, failures, delayMs: delay, reason: error.reason }, "outbox relay batch failed");
  else log.warn({ worker, failures, delayMs: delay, err: error }, "outbox relay batch failed, backing off");
  return delay;
}
async function relayShard(ctx, shard) {
  const { deps, pubs, metrics: m } = ctx;
  const pub = await currentPublisher(pubs);
  if (!pub) return 0;
  return deps.db.$transaction(
    async (tx) => {
      if (!await tryLockShard(tx, shard)) {
        m.claims.inc({ outcome: "locked" });
        return 0;
      }
      const rows = await claimShard(tx, shard, ctx.shards, ctx.batchSize);
      m.claims.inc({ outcome: rows.length === 0 ? "empty" : "published" });
      if (rows.length === 0) return 0;
      const spans = rows.map((r) => publishSpanOf(r, deps.transport.kind));
      const messages = rows.map((r, i) => {
        const headers = headersOf(r.metadata);
        const traced = spans[i];
        if (traced) headers.traceparent = traced.traceparent;
        return { id: r.id, topic: r.topic, key: r.key, value: r.payload, headers };
      });
      try {
        await within(pub.publish(messages, tx), ctx.deadlineMs);
      } catch (error) {
        for (const s of spans) if (s) markFailed(s.span, String(error));
        if (error instanceof PublishTimeoutError) abandon(pubs, pub, "timeout");
        throw error;
      } finally {
        for (const s of spans) s?.span.end();
      }
      deps.tuning?.faults?.afterRelayPublish?.();
      await markPublished(
        tx,
        rows.map((r) => r.id),
        deps.clock.now()
      );
      for (const r of rows) m.published.inc({ topic: r.topic });
      return rows.length;
    },
    { timeout: CLAIM_TX_TIMEOUT_MS, maxWait: CLAIM_TX_TIMEOUT_MS }
  );
}
export {
  OUTBOX_SHARD_LOCK_NAMESPACE,
  PublishTimeoutError2 as PublishTimeoutError,
  createOutboxRelay
};
//# sourceMappingURL=outbox-relay.js.map
