import type { Clock } from "../../clock/clock.js";
import type { Settings } from "../../config/settings.js";
import type { Db } from "../../db/prisma-client.js";
import type { Logger } from "../../log/logger.js";
import { counter, gauge, type Registry } from "../../metrics/registry.js";
import { markFailed, startProducerSpan } from "../../tracing/tracing.js";
import type { EventMetadata } from "../envelope.js";
import { createSleeper } from "../sleep.js";
import type { EventPlatformTuning, Runner } from "../transport/runner.js";
import type { OutboundMessage, Publisher, Transport } from "../transport/transport.js";
import { headersOf } from "../wire.js";

/** advisory-lock namespace (first key) of outbox shards; the second key is the shard number */
export const OUTBOX_SHARD_LOCK_NAMESPACE = 0x5049_4e00;
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
const CAUGHT_UP_CHECK_MS = 25;

export interface OutboxRelayDeps {
  settings: Settings;
  db: Db;
  log: Logger;
  metrics: Registry;
  clock: Clock;
  transport: Transport;
  tuning?: EventPlatformTuning;
}

interface ClaimedRow {
  id: bigint;
  topic: string;
  key: string;
  payload: string;
  metadata: EventMetadata;
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
  };
  const sleepers = Array.from({ length: workers }, () => createSleeper());
  let publisher: (Publisher & { close(): Promise<void> }) | null = null;
  let running = false;
  let loops: Promise<void>[] = [];
  let lastStats = 0;
  let lastRetention = 0;

  async function relayShard(shard: number): Promise<number> {
    const pub = publisher;
    if (!pub) return 0;
    return db.$transaction(
      async (tx) => {
        const lock = await tx.$queryRaw<Array<{ locked: boolean }>>`
          SELECT pg_try_advisory_xact_lock(${OUTBOX_SHARD_LOCK_NAMESPACE}::int, ${shard}::int) AS locked`;
        if (!lock[0]?.locked) return 0;
        const rows = await tx.$queryRaw<ClaimedRow[]>`
          SELECT id, topic, key, payload::text AS payload, metadata
          FROM platform.outbox
          WHERE published_at IS NULL AND abs(hashtext(key)::bigint) % ${shards} = ${shard}
          ORDER BY id
          LIMIT ${batchSize}`;
        if (rows.length === 0) return 0;
        const spans = rows.map((r) => publishSpanOf(r, deps.transport.kind));
        const messages: OutboundMessage[] = rows.map((r, i) => {
          const headers = headersOf(r.metadata);
          const traced = spans[i];
          if (traced) headers.traceparent = traced.traceparent;
          return { id: r.id, topic: r.topic, key: r.key, value: r.payload, headers };
        });
        try {
          await pub.publish(messages, tx);
        } catch (error) {
          for (const s of spans) if (s) markFailed(s.span, String(error));
          throw error;
        } finally {
          for (const s of spans) s?.span.end();
        }
        deps.tuning?.faults?.afterRelayPublish?.();
        await tx.$executeRaw`
          UPDATE platform.outbox SET published_at = ${clock.now()}
          WHERE id = ANY(${rows.map((r) => r.id)}::bigint[])`;
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
    const rows = await db.$queryRaw<Array<{ n: bigint; oldest: Date | null }>>`
      SELECT count(*) AS n, min(created_at) AS oldest FROM platform.outbox WHERE published_at IS NULL`;
    const row = rows[0];
    m.backlog.set(Number(row?.n ?? 0));
    m.oldestAge.set(row?.oldest ? Math.max(0, (clock.now().getTime() - row.oldest.getTime()) / 1000) : 0);
  }

  async function sweepRetention(): Promise<void> {
    const now = Date.now();
    if (now - lastRetention < RETENTION_SWEEP_EVERY_MS) return;
    lastRetention = now;
    const cutoff = new Date(clock.now().getTime() - settings.outboxRetentionHours * HOUR_MS);
    for (;;) {
      const deleted = await db.$executeRaw`
        DELETE FROM platform.outbox WHERE id IN (
          SELECT id FROM platform.outbox WHERE published_at IS NOT NULL AND published_at < ${cutoff}
          LIMIT ${RETENTION_DELETE_BATCH})`;
      if (deleted < RETENTION_DELETE_BATCH) break;
    }
    // Embedded mode: the local log keeps the same horizon, as a Kafka topic's retention would.
    if (deps.transport.kind === "local") {
      for (;;) {
        const deleted = await db.$executeRaw`
          DELETE FROM platform.event_log WHERE id IN (
            SELECT id FROM platform.event_log WHERE appended_at < ${cutoff} LIMIT ${RETENTION_DELETE_BATCH})`;
        if (deleted < RETENTION_DELETE_BATCH) break;
      }
    }
  }

  async function work(worker: number): Promise<void> {
    const sleeper = sleepers[worker]!;
    let failures = 0;
    // Each worker starts at a different shard so replicas and workers spread over the shards.
    let cursor = Math.floor(Math.random() * shards);
    while (running) {
      let published = 0;
      let fullBatch = false;
      try {
        for (let i = 0; i < shards && running; i++) {
          const shard = (cursor + i) % shards;
          const n = await relayShard(shard);
          published += n;
          if (n === batchSize) fullBatch = true;
        }
        cursor = (cursor + 1) % shards;
        if (worker === 0) {
          await refreshStats();
          await sweepRetention();
        }
        if (failures > 0) log.info({ worker, failures }, "outbox relay recovered");
        failures = 0;
      } catch (error) {
        failures += 1;
        m.errors.inc();
        const delay = Math.min(ERROR_BACKOFF_MAX_MS, ERROR_BACKOFF_MIN_MS * 2 ** Math.min(failures - 1, 20));
        log.warn({ worker, failures, delayMs: delay, err: error }, "outbox relay batch failed, backing off");
        await refreshStats(true).catch(() => {});
        await sleeper.sleep(delay);
        continue;
      }
      if (!fullBatch && published === 0) await sleeper.sleep(settings.outboxRelayIntervalMs);
    }
  }

  return {
    async start() {
      if (running) return;
      publisher = await deps.transport.publisher(
        deps.tuning?.relayBrokers ? { brokers: deps.tuning.relayBrokers } : undefined,
      );
      running = true;
      loops = sleepers.map((_, i) => work(i));
      log.debug({ shards, workers, batchSize }, "outbox relay started");
    },
    async stop() {
      running = false;
      for (const s of sleepers) s.wake();
      await Promise.all(loops);
      loops = [];
      await publisher?.close();
      publisher = null;
    },
    async whenCaughtUp() {
      for (;;) {
        const rows = await db.$queryRaw<Array<{ one: number }>>`
          SELECT 1 AS one FROM platform.outbox WHERE published_at IS NULL LIMIT 1`;
        if (rows.length === 0) return;
        for (const s of sleepers) s.wake();
        await new Promise((r) => setTimeout(r, CAUGHT_UP_CHECK_MS));
      }
    },
  };
}
