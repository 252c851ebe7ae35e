import type { Clock } from "../../clock/clock.js";
import type { Settings } from "../../config/settings.js";
import type { Db } from "../../db/prisma-client.js";
import type { Logger } from "../../log/logger.js";
import { counter, gauge, type Registry } from "../../metrics/registry.js";
import { markFailed, startProducerSpan } from "../../tracing/tracing.js";
import { COMMIT_CHANNEL, type CommitSignals, idleInterval } from "../commit-signals.js";
import { isReportedKafkaFault } from "../kafka-security-faults.js";
import { deleteAppendedBefore } from "../local/sql/delete-appended-before.js";
import { createPollLoop, type PollLoop } from "../poll-loop.js";
import type { EventPlatformTuning, Runner } from "../transport/runner.js";
import type { OutboundMessage, Publisher, Transport } from "../transport/transport.js";
import { headersOf } from "../wire.js";
import { shardOrder } from "./shard-order.js";
import { backlog } from "./sql/backlog.js";
import { type ClaimedRow, claimShard } from "./sql/claim-shard.js";
import { deletePublishedBefore } from "./sql/delete-published-before.js";
import { hasUnpublished } from "./sql/has-unpublished.js";
import { markPublished } from "./sql/mark-published.js";
import { shardsWithUnpublished } from "./sql/shards-with-unpublished.js";
import { tryLockShard } from "./sql/try-lock-shard.js";

export { OUTBOX_SHARD_LOCK_NAMESPACE } from "./sql/try-lock-shard.js";

const DEFAULT_BATCH_SIZE = 500;
const DEFAULT_WORKERS = 2;
const ERROR_BACKOFF_MIN_MS = 200;
const ERROR_BACKOFF_MAX_MS = 30_000;
const STATS_EVERY_MS = 5_000;
const RETENTION_SWEEP_EVERY_MS = 10 * 60_000;
const RETENTION_DELETE_BATCH = 5_000;
const HOUR_MS = 60 * 60_000;
/** Must outlast the producer's own retries, so a slow broker fails the send, not the transaction. */
const CLAIM_TX_TIMEOUT_MS = 60_000;
/**
 * A publish that has not answered by then is abandoned (decision 0499): past both clients' own
 * request timeouts and retries (kafkajs 30 s, @platformatic/kafka 4 × 10 s), below the claim
 * transaction's timeout, so the transaction is still there to roll back and free its shard.
 */
const PUBLISH_DEADLINE_MS = 45_000;
/** Consecutive failed passes of a worker after which its producer is replaced as well (0499). */
const REPLACE_AFTER_FAILURES = 3;
const CAUGHT_UP_CHECK_MS = 25;

export interface OutboxRelayDeps {
  settings: Settings;
  db: Db;
  log: Logger;
  metrics: Registry;
  clock: Clock;
  transport: Transport;
  tuning?: EventPlatformTuning;
  /** commit wake-ups (decision 0485): a committed outbox insert ends the workers' idle sleep */
  signals?: CommitSignals;
}

/** A publish the client never answered: the relay drops that producer and makes a new one. */
export class PublishTimeoutError extends Error {
  readonly code = "OUTBOX_PUBLISH_TIMEOUT";
  constructor(readonly afterMs: number) {
    super(`the Kafka client did not answer a publish within ${afterMs} ms; its producer is replaced`);
    this.name = "PublishTimeoutError";
  }
}

/** `work`, or a PublishTimeoutError once `ms` passed without an answer (the work is abandoned). */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PublishTimeoutError(ms)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs a bounded delete again until it comes back short of a full batch. */
async function inBatches(deleteUpTo: (limit: number) => Promise<number>): Promise<void> {
  while ((await deleteUpTo(RETENTION_DELETE_BATCH)) === RETENTION_DELETE_BATCH) {
    // a full batch: more rows may be past the cutoff
  }
}

/**
 * The relay's producer span of a row that carries a trace (decision 0450): `<topic> publish`, a
 * child of the span that wrote the row; its traceparent goes on the wire instead of the row's.
 * Rows without one (tracing off) get none.
 */
function publishSpanOf(row: ClaimedRow, system: Transport["kind"]) {
  if (!row.metadata.traceparent) return null;
  return startProducerSpan(`${row.topic} publish`, row.metadata.traceparent, {
    "messaging.system": system === "kafka" ? "kafka" : "pin-local-log",
    "messaging.operation.type": "send",
    "messaging.destination.name": row.topic,
    "messaging.message.id": row.metadata.messageId,
    "messaging.kafka.message.key": row.key,
    "pin.outbox.id": String(row.id),
  });
}

/**
 * Publishes outbox rows. Rows are sharded by hash of key; a shard is owned for the duration of one
 * short transaction by pg_try_advisory_xact_lock(namespace, shard): claim the oldest unpublished
 * rows of the shard (id order), publish them and mark them published, then commit. So across any
 * number of relay replicas one batch per shard is in flight, a key's rows leave in id order, and
 * a crash between publish and commit only re-publishes (duplicates absorbed by consumers' dedup).
 */
export function createOutboxRelay(deps: OutboxRelayDeps): Runner {
  const { db, log, clock, settings } = deps;
  const shards = settings.outboxShards;
  const batchSize = deps.tuning?.relayBatchSize ?? DEFAULT_BATCH_SIZE;
  const workers = Math.min(shards, deps.tuning?.relayWorkers ?? DEFAULT_WORKERS);
  const m = {
    backlog: gauge(deps.metrics, "pin_outbox_backlog", "Unpublished outbox rows"),
    oldestAge: gauge(
      deps.metrics,
      "pin_outbox_oldest_unpublished_age_seconds",
      "Age of the oldest unpublished outbox row",
    ),
    published: counter(deps.metrics, "pin_outbox_published_total", "Outbox rows published", ["topic"]),
    errors: counter(
      deps.metrics,
      "pin_outbox_relay_errors_total",
      "Failed relay batches (broker or database)",
    ),
    claims: counter(
      deps.metrics,
      "pin_outbox_relay_claims_total",
      "Shard claim transactions the relay opened, by outcome (published, empty, locked elsewhere)",
      ["outcome"],
    ),
  };
  type RelayPublisher = Publisher & { close(): Promise<void> };
  let publisher: RelayPublisher | null = null;
  /** Set while a replacement for an abandoned publisher is being made (decision 0499) */
  let replacing: Promise<RelayPublisher> | null = null;
  const publisherOptions = deps.tuning?.relayBrokers ? { brokers: deps.tuning.relayBrokers } : undefined;
  const deadlineMs = deps.tuning?.relayPublishDeadlineMs ?? PUBLISH_DEADLINE_MS;
  const timeouts = counter(
    deps.metrics,
    "pin_outbox_publish_timeouts_total",
    "Relay publishes the Kafka client did not answer in time (its producer was replaced)",
  );

  /**
   * The publisher of the next batch. After a timeout the old one is dropped (closed in the
   * background: a client that hangs may hang on close too) and a new one is made here, by the
   * first worker that needs it; a failure to make it fails that pass (backoff, then again).
   */
  async function currentPublisher(): Promise<RelayPublisher | null> {
    if (publisher || loops.length === 0) return publisher;
    replacing ??= deps.transport.publisher(publisherOptions).finally(() => {
      replacing = null;
    });
    publisher = await replacing;
    return publisher;
  }

  function abandon(pub: RelayPublisher | null, why: "timeout" | "failures", quiet = false): void {
    if (!pub || publisher !== pub) return;
    publisher = null;
    if (why === "timeout") timeouts.inc();
    if (quiet) log.debug({ why }, "outbox relay: producer replaced");
    else log.warn({ why }, "outbox relay: producer replaced");
    void pub.close().catch(() => {});
  }
  let loops: PollLoop[] = [];
  let unlisten: (() => void) | null = null;
  let lastStats = 0;
  let lastRetention = 0;

  async function relayShard(shard: number): Promise<number> {
    const pub = await currentPublisher();
    if (!pub) return 0;
    return db.$transaction(
      async (tx) => {
        if (!(await tryLockShard(tx, shard))) {
          m.claims.inc({ outcome: "locked" });
          return 0;
        }
        const rows = await claimShard(tx, shard, shards, batchSize);
        m.claims.inc({ outcome: rows.length === 0 ? "empty" : "published" });
        if (rows.length === 0) return 0;
        const spans = rows.map((r) => publishSpanOf(r, deps.transport.kind));
        const messages: OutboundMessage[] = rows.map((r, i) => {
          const headers = headersOf(r.metadata);
          const traced = spans[i];
          if (traced) headers.traceparent = traced.traceparent;
          return { id: r.id, topic: r.topic, key: r.key, value: r.payload, headers };
        });
        try {
          await within(pub.publish(messages, tx), deadlineMs);
        } catch (error) {
          for (const s of spans) if (s) markFailed(s.span, String(error));
          if (error instanceof PublishTimeoutError) abandon(pub, "timeout");
          throw error;
        } finally {
          for (const s of spans) s?.span.end();
        }
        deps.tuning?.faults?.afterRelayPublish?.();
        await markPublished(
          tx,
          rows.map((r) => r.id),
          clock.now(),
        );
        for (const r of rows) m.published.inc({ topic: r.topic });
        return rows.length;
      },
      { timeout: CLAIM_TX_TIMEOUT_MS, maxWait: CLAIM_TX_TIMEOUT_MS },
    );
  }

  async function refreshStats(force = false): Promise<void> {
    const now = Date.now();
    if (!force && now - lastStats < STATS_EVERY_MS) return;
    lastStats = now;
    const { unpublished, oldest } = await backlog(db);
    m.backlog.set(unpublished);
    m.oldestAge.set(oldest ? Math.max(0, (clock.now().getTime() - oldest.getTime()) / 1000) : 0);
  }

  async function sweepRetention(): Promise<void> {
    const now = Date.now();
    if (now - lastRetention < RETENTION_SWEEP_EVERY_MS) return;
    lastRetention = now;
    const cutoff = new Date(clock.now().getTime() - settings.outboxRetentionHours * HOUR_MS);
    await inBatches((limit) => deletePublishedBefore(db, cutoff, limit));
    // Embedded mode: the local log keeps the same horizon, as a Kafka topic's retention would.
    if (deps.transport.kind === "local") {
      await inBatches((limit) => deleteAppendedBefore(db, cutoff, limit));
    }
  }

  /**
   * Relay worker `index`: each pass reads which shards have unpublished rows (one query) and
   * claims only those (decision 0515), starting one shard further each time. An empty outbox costs
   * that one query per pass, not a claim transaction per shard.
   */
  function worker(index: number): PollLoop {
    // Each worker starts at a different shard so replicas and workers spread over the shards.
    let cursor = Math.floor(Math.random() * shards);
    const loop: PollLoop = createPollLoop({
      idleMs: idleInterval(deps.signals, settings.outboxRelayIntervalMs, settings.commitSignalFallbackMs),
      async pass() {
        let published = 0;
        let fullBatch = false;
        for (const shard of shardOrder(await shardsWithUnpublished(db, shards), cursor)) {
          if (!loop.isRunning()) break;
          const n = await relayShard(shard);
          published += n;
          if (n === batchSize) fullBatch = true;
        }
        cursor = (cursor + 1) % shards;
        if (index === 0) {
          await refreshStats();
          await sweepRetention();
        }
        return fullBatch || published > 0 ? "busy" : "idle";
      },
      async onFailure(failures, error) {
        m.errors.inc();
        // A producer that keeps failing (stale metadata or connections after a broker left and
        // came back) is made anew: its next pass starts from the bootstrap brokers (decision 0499).
        if (failures % REPLACE_AFTER_FAILURES === 0)
          abandon(publisher, "failures", isReportedKafkaFault(error));
        const delay = Math.min(ERROR_BACKOFF_MAX_MS, ERROR_BACKOFF_MIN_MS * 2 ** Math.min(failures - 1, 20));
        // A Kafka security fault was logged once by the transport (kafka-security-faults.ts)
        if (isReportedKafkaFault(error))
          log.debug(
            { worker: index, failures, delayMs: delay, reason: error.reason },
            "outbox relay batch failed",
          );
        else
          log.warn(
            { worker: index, failures, delayMs: delay, err: error },
            "outbox relay batch failed, backing off",
          );
        await refreshStats(true).catch(() => {});
        return delay;
      },
      onRecovered: (failures) => log.info({ worker: index, failures }, "outbox relay recovered"),
    });
    return loop;
  }

  return {
    async start() {
      if (loops.length > 0) return;
      publisher = await deps.transport.publisher(publisherOptions);
      loops = Array.from({ length: workers }, (_, i) => worker(i));
      for (const loop of loops) loop.start();
      unlisten =
        deps.signals?.on(COMMIT_CHANNEL.outbox, () => {
          for (const loop of loops) loop.nudge();
        }) ?? null;
      log.debug({ shards, workers, batchSize }, "outbox relay started");
    },
    async stop() {
      unlisten?.();
      unlisten = null;
      await Promise.all(loops.map((loop) => loop.stop()));
      loops = [];
      await publisher?.close();
      publisher = null;
    },
    async whenCaughtUp() {
      while (await hasUnpublished(db)) {
        for (const loop of loops) loop.wake();
        await new Promise((r) => setTimeout(r, CAUGHT_UP_CHECK_MS));
      }
    },
  };
}
