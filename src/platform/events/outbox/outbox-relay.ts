import type { Clock } from "../../clock/clock.js";
import type { Settings } from "../../config/settings.js";
import { type Db, pgPoolOf } from "../../db/prisma-client.js";
import type { Logger } from "../../log/logger.js";
import type { Registry } from "../../metrics/registry.js";
import {
  COMMIT_CHANNEL,
  type CommitSignals,
  idleInterval,
  OUTBOX_COMMIT_PAYLOAD,
} from "../commit-signals.js";
import { isReportedKafkaFault } from "../kafka-security-faults.js";
import { createPollLoop, type PollLoop } from "../poll-loop.js";
import type { EventPlatformTuning, Runner } from "../transport/runner.js";
import type { Transport } from "../transport/transport.js";
import { claimOnce, type RelayClaimContext } from "./relay-claim.js";
import { claimInProcess, inProcessClaims } from "./relay-claims.js";
import { abandon, type RelayPublishers, relayPublishers } from "./relay-publisher.js";
import { relayUpkeep } from "./relay-upkeep.js";
import { hasUnpublished } from "./sql/has-unpublished.js";

export { PublishTimeoutError } from "./relay-publisher.js";
export { OUTBOX_SHARD_LOCK_NAMESPACE } from "./sql/claim-shards.js";

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
  let loops: PollLoop[] = [];
  /** Whose turn a commit signal is among the idle workers */
  const turn = { next: 0 };
  let unlisten: (() => void) | null = null;
  const relay = claimContext(deps, pubs, m, batchSize);
  const claims = inProcessClaims();
  /**
   * Relay worker `index` (decision 0633): a pass a commit signal woke (or that follows a full one)
   * claims at once — one statement takes every shard it can lock; a polling pass reads the hint
   * first (decision 0515), so an empty outbox costs that one read, not a claim transaction. One
   * claim at a time in a process: a worker woken while a sibling claims leaves the claim to it,
   * which runs once more after its own (rows committed meanwhile leave at once).
   */
  function worker(index: number): PollLoop {
    const signalled = idleInterval(
      deps.signals,
      settings.outboxRelayIntervalMs,
      settings.commitSignalFallbackMs,
    );
    /** the last claim passed over a shard another replica held: look again at the polling interval */
    let lockedElsewhere = false;
    let busy = false;
    const loop: PollLoop = createPollLoop({
      idleMs: () => (lockedElsewhere ? settings.outboxRelayIntervalMs : signalled()),
      async pass() {
        const woken = claims.signalled.delete(index) || busy;
        const outcome = await claimInProcess(claims, woken, (direct) => claimOnce(relay, direct));
        // "sibling": another worker of this process claims, and claims once more for this pass.
        lockedElsewhere = outcome !== "sibling" && outcome.passedOver;
        busy = outcome !== "sibling" && outcome.full;
        if (index === 0) {
          await upkeep.refreshStats();
          await upkeep.sweepRetention();
        }
        return busy ? "busy" : "idle";
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
      unlisten =
        deps.signals?.on(COMMIT_CHANNEL.outbox, (payload) =>
          // a commit's signal: claim at once; the connection's own wake-up: read the hint first
          nudgeOne(loops, turn, payload === OUTBOX_COMMIT_PAYLOAD ? claims.signalled : null),
        ) ?? null;
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

/** What the relay's claim transactions need (relay-claim.ts). */
function claimContext(
  deps: OutboxRelayDeps,
  pubs: RelayPublishers,
  metrics: RelayClaimContext["metrics"],
  batchSize: number,
): RelayClaimContext {
  const pool = pgPoolOf(deps.db);
  if (!pool) throw new Error("the outbox relay needs a database client made by createPrismaClient");
  return {
    db: deps.db,
    clock: deps.clock,
    transportKind: deps.transport.kind,
    afterPublish: deps.tuning?.faults?.afterRelayPublish,
    shards: deps.settings.outboxShards,
    batchSize,
    deadlineMs: deps.tuning?.relayPublishDeadlineMs ?? PUBLISH_DEADLINE_MS,
    pubs,
    metrics,
    pool,
  };
}

/**
 * A commit signal starts one pass, not one per worker (decision 0622): the next idle worker's
 * (round robin by position), marked as signalled so it claims without reading the hint (0633).
 * With no worker idle, every worker is told, and each runs one more pass after the one in flight —
 * a worker stuck in a slow publish does not hold the commit back.
 */
function nudgeOne(loops: readonly PollLoop[], turn: { next: number }, signalled: Set<number> | null): void {
  const idle = loops.filter((loop) => loop.isIdle());
  if (idle.length === 0) {
    loops.forEach((loop, i) => {
      signalled?.add(i);
      loop.nudge();
    });
    return;
  }
  const loop = idle[turn.next++ % idle.length] as PollLoop;
  signalled?.add(loops.indexOf(loop));
  loop.nudge();
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
