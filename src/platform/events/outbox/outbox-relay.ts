import type pg from "pg";
import type { Clock } from "../../clock/clock.js";
import type { Settings } from "../../config/settings.js";
import { type Db, pgPoolOf } from "../../db/prisma-client.js";
import { openingRunner, type SqlRunner } from "../../db/sql-runner.js";
import type { Logger } from "../../log/logger.js";
import type { Registry } from "../../metrics/registry.js";
import { markFailed, startProducerSpan } from "../../tracing/tracing.js";
import { COMMIT_CHANNEL, type CommitSignals, idleInterval } from "../commit-signals.js";
import { isReportedKafkaFault } from "../kafka-security-faults.js";
import { createPollLoop, type PollLoop } from "../poll-loop.js";
import type { EventPlatformTuning, Runner } from "../transport/runner.js";
import type { OutboundMessage, Transport } from "../transport/transport.js";
import { headersOf } from "../wire.js";
import {
  abandon,
  currentPublisher,
  PublishTimeoutError,
  type RelayPublisher,
  type RelayPublishers,
  relayPublishers,
  within,
} from "./relay-publisher.js";
import { relayUpkeep } from "./relay-upkeep.js";
import { shardClaims } from "./shard-claims.js";
import { shardOrder } from "./shard-order.js";
import { type ClaimedRow, claimShard } from "./sql/claim-shard.js";
import { hasUnpublished } from "./sql/has-unpublished.js";
import { markPublishedAndCommit } from "./sql/mark-published.js";
import { shardsWithUnpublished } from "./sql/shards-with-unpublished.js";

export { PublishTimeoutError } from "./relay-publisher.js";
export { OUTBOX_SHARD_LOCK_NAMESPACE } from "./sql/claim-shard.js";

const DEFAULT_BATCH_SIZE = 500;
const DEFAULT_WORKERS = 2;
const ERROR_BACKOFF_MIN_MS = 200;
const ERROR_BACKOFF_MAX_MS = 30_000;
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
  const { db, log, settings } = deps;
  const shards = settings.outboxShards;
  const batchSize = deps.tuning?.relayBatchSize ?? DEFAULT_BATCH_SIZE;
  const workers = Math.min(shards, deps.tuning?.relayWorkers ?? DEFAULT_WORKERS);
  const upkeep = relayUpkeep(deps);
  const m = upkeep.metrics;
  const pubs = relayPublishers(deps.transport, deps.tuning?.relayBrokers, log, deps.metrics);
  const deadlineMs = deps.tuning?.relayPublishDeadlineMs ?? PUBLISH_DEADLINE_MS;
  let loops: PollLoop[] = [];
  /** Whose turn a commit signal is among the idle workers */
  const turn = { next: 0 };
  let unlisten: (() => void) | null = null;

  const pool = pgPoolOf(db);
  if (!pool) throw new Error("the outbox relay needs a database client made by createPrismaClient");
  const relay: RelayShardContext = { deps, shards, batchSize, deadlineMs, pubs, metrics: m, pool };
  const claims = shardClaims((shard) => relayShard(relay, shard), batchSize);
  /**
   * Relay worker `index`: each pass reads which shards have unpublished rows (one query) and
   * claims only those (decision 0515), starting one shard further each time. An empty outbox costs
   * that one query per pass, not a claim transaction per shard.
   */
  function worker(index: number): PollLoop {
    // Each worker starts at a different shard so replicas and workers spread over the shards.
    let cursor = Math.floor(Math.random() * shards);
    const signalled = idleInterval(
      deps.signals,
      settings.outboxRelayIntervalMs,
      settings.commitSignalFallbackMs,
    );
    /** the last pass met a shard locked by another replica: look again at the polling interval */
    let lockedElsewhere = false;
    const loop: PollLoop = createPollLoop({
      idleMs: () => (lockedElsewhere ? settings.outboxRelayIntervalMs : signalled()),
      async pass() {
        const hint = await shardsWithUnpublished(db, shards);
        let fullBatch = false;
        lockedElsewhere = false;
        for (const shard of shardOrder(hint.shards, cursor)) {
          if (!loop.isRunning()) break;
          const outcome = await claims.claim(shard);
          if (outcome.full) fullBatch = true;
          if (outcome.lockedElsewhere) lockedElsewhere = true;
        }
        cursor = (cursor + 1) % shards;
        if (index === 0) {
          await upkeep.refreshStats();
          await upkeep.sweepRetention();
        }
        // A full batch or a full hint window may have left rows behind: the next pass at once. Rows
        // committed since this pass read the hint come with a commit signal (a nudge), so a pass
        // that published fewer does not read the hint again just in case (decision 0622); a shard
        // a sibling worker was claiming is claimed again by it (shard-claims.ts), and one another
        // replica held is looked at again after the polling interval.
        return fullBatch || hint.windowFull ? "busy" : "idle";
      },
      onFailure: async (failures, error) => {
        m.errors.inc();
        // A producer that keeps failing (stale metadata or connections after a broker left and
        // came back) is made anew: its next pass starts from the bootstrap brokers (decision 0499).
        if (failures % REPLACE_AFTER_FAILURES === 0)
          abandon(pubs, pubs.publisher, "failures", isReportedKafkaFault(error));
        const delay = logFailedPass(log, index, failures, error);
        await upkeep.refreshStats(true).catch(() => {});
        return delay;
      },
      onRecovered: (failures) => log.info({ worker: index, failures }, "outbox relay recovered"),
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
      unlisten = deps.signals?.on(COMMIT_CHANNEL.outbox, () => nudgeOne(loops, turn)) ?? null;
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
    },
  };
}

/**
 * A commit signal starts one pass, not one per worker (decision 0622): the next idle worker's
 * (round robin by position), so two workers do not read the same hint and race for the same
 * shard's lock. With no worker idle, every worker is told, and each runs one more pass after the
 * one in flight — a worker stuck in a slow publish does not hold the commit back.
 */
function nudgeOne(loops: readonly PollLoop[], turn: { next: number }): void {
  const idle = loops.filter((loop) => loop.isIdle());
  if (idle.length === 0) {
    for (const loop of loops) loop.nudge();
    return;
  }
  (idle[turn.next++ % idle.length] as PollLoop).nudge();
}

/** A worker's failed pass in the log; its backoff (200 ms doubling to 30 s) is returned. */
function logFailedPass(log: Logger, worker: number, failures: number, error: unknown): number {
  const delay = Math.min(ERROR_BACKOFF_MAX_MS, ERROR_BACKOFF_MIN_MS * 2 ** Math.min(failures - 1, 20));
  // A Kafka security fault was logged once by the transport (kafka-security-faults.ts)
  if (isReportedKafkaFault(error))
    log.debug({ worker, failures, delayMs: delay, reason: error.reason }, "outbox relay batch failed");
  else log.warn({ worker, failures, delayMs: delay, err: error }, "outbox relay batch failed, backing off");
  return delay;
}

interface RelayShardContext {
  readonly deps: OutboxRelayDeps;
  readonly shards: number;
  readonly batchSize: number;
  readonly deadlineMs: number;
  readonly pubs: RelayPublishers;
  readonly metrics: ReturnType<typeof relayUpkeep>["metrics"];
  /** The pool under `db`: a claim transaction holds one of its connections (decision 0629) */
  readonly pool: pg.Pool;
}

/**
 * One claim transaction of `shard` on a connection of the pool (decision 0629): `BEGIN; claim` in
 * one round trip (the claim takes the shard's lock), publish, then `mark; COMMIT` in one. Four
 * round trips through Prisma's interactive transaction became two; the rows published.
 */
async function relayShard(ctx: RelayShardContext, shard: number): Promise<number | "locked"> {
  const { deps, pubs, metrics: m } = ctx;
  const pub = await currentPublisher(pubs);
  if (!pub) return 0;
  const client = await ctx.pool.connect();
  // A connection lost while checked out emits "error" on the client: without a listener that
  // would crash the process; the failing statement reports it to the pass.
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost = error;
  };
  client.on("error", onError);
  let open = false;
  try {
    const tx = openingRunner(client);
    open = true;
    const rows = await claimShard(tx.runner, shard, ctx.shards, ctx.batchSize);
    if (rows === "locked" || rows.length === 0) {
      await client.query("COMMIT");
      open = false;
      m.claims.inc({ outcome: rows === "locked" ? "locked" : "empty" });
      return rows === "locked" ? "locked" : 0;
    }
    m.claims.inc({ outcome: "published" });
    await publishClaimed(ctx, pub, rows, tx.runner);
    deps.tuning?.faults?.afterRelayPublish?.();
    await markPublishedAndCommit(
      client,
      rows.map((r) => r.id),
      deps.clock.now(),
    );
    open = false;
    for (const r of rows) m.published.inc({ topic: r.topic });
    return rows.length;
  } catch (error) {
    if (open) await client.query("ROLLBACK").catch((e: unknown) => (lost ??= e as Error));
    throw error;
  } finally {
    client.off("error", onError);
    client.release(lost);
  }
}

/** The claimed rows to the transport, each with its producer span, within the publish deadline. */
async function publishClaimed(
  ctx: RelayShardContext,
  pub: RelayPublisher,
  rows: readonly ClaimedRow[],
  tx: SqlRunner,
): Promise<void> {
  const { deps, pubs } = ctx;
  const spans = rows.map((r) => publishSpanOf(r, deps.transport.kind));
  const messages: OutboundMessage[] = rows.map((r, i) => {
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
}
