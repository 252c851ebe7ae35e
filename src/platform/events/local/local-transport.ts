import type { Clock } from "../../clock/clock.js";
import type { Settings } from "../../config/settings.js";
import { connectionStringOf, type Db } from "../../db/prisma-client.js";
import type { Logger } from "../../log/logger.js";
import type { Registry } from "../../metrics/registry.js";
import { COMMIT_CHANNEL, type CommitSignals, idleInterval } from "../commit-signals.js";
import { createConsumerCore } from "../consumer/consumer-core.js";
import type { AnyConsumerDefinition } from "../consumer/definition.js";
import { infrastructureDelayMs } from "../consumer/retry-policy.js";
import type { ContractRegistry } from "../contracts/registry.js";
import { createPollLoop, type PollLoop } from "../poll-loop.js";
import type { BroadcastOptions, EventPlatformTuning, Runner } from "../transport/runner.js";
import type { Transport } from "../transport/transport.js";
import { parseEnvelope } from "../wire.js";
import { createGroupLocks, type GroupLocks } from "./group-locks.js";
import { inboundOf, type LogPosition } from "./local-log.js";
import { appendToLog } from "./sql/append.js";
import { hasRowsAfter } from "./sql/has-rows-after.js";
import { latestPosition } from "./sql/latest-position.js";
import { loadOffset } from "./sql/load-offset.js";
import { readLog } from "./sql/read-committed.js";
import { saveOffset } from "./sql/save-offset.js";

const DEFAULT_POLL_MS = 50;
const DEFAULT_PARKED_SCAN_MS = 250;
const BATCH_SIZE = 200;
const CAUGHT_UP_CHECK_MS = 25;
/** Concurrent key lanes per local consumer group (the local analogue of partitions) */
const LANES = 4;

function laneOf(key: string): number {
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (Math.imul(hash, 31) + key.charCodeAt(i)) | 0;
  return Math.abs(hash) % LANES;
}

export interface LocalTransportDeps {
  settings: Settings;
  db: Db;
  log: Logger;
  metrics: Registry;
  clock: Clock;
  instanceId: string;
  tuning?: EventPlatformTuning;
  contracts?: ContractRegistry;
  /** commit wake-ups (decision 0485): an append to the log ends the readers' idle sleep */
  signals?: CommitSignals;
}

/**
 * Embedded mode: the event log is a PostgreSQL table. Consumer groups read it in commit order
 * (see local-log.ts) with their offsets in platform.consumer_offsets; one process per group
 * reads at a time (a session advisory lock on a connection outside the pool: group-locks.ts), like
 * one partition.
 */
export function createLocalTransport(deps: LocalTransportDeps): Transport {
  const { db, log } = deps;
  let locks: GroupLocks | null = null;
  const groupLocks = (): GroupLocks => {
    if (!locks) {
      const url = connectionStringOf(db);
      if (!url) throw new Error("the local transport needs a client made by createPrismaClient");
      locks = createGroupLocks(url, log);
    }
    return locks;
  };
  const pollMs = deps.tuning?.localPollMs ?? DEFAULT_POLL_MS;
  // Idle readers sleep the slow fallback while commit signals listen (decision 0588).
  const idleMs = idleInterval(deps.signals, pollMs, deps.settings.commitSignalFallbackMs);
  const send = async (m: { topic: string; key: string; value: string; headers: Record<string, string> }) =>
    appendToLog(db, [m]);

  function consumer(def: AnyConsumerDefinition): Runner {
    const {
      topics,
      policy,
      processor,
      scanner,
      batch: batching,
    } = createConsumerCore(def, {
      ...deps,
      send,
      parkedScanMs: deps.tuning?.parkedScanMs ?? DEFAULT_PARKED_SCAN_MS,
    });
    const backoff = new Map<string, { failures: number; until: number }>();
    const running = () => loop.isRunning();
    /** the last pass saw committed rows held back by the horizon (decision 0620) */
    let heldBack = false;

    /** One pass over the group's topics; true when more rows are likely waiting. */
    async function pollOnce(): Promise<boolean> {
      heldBack = false;
      if (!(await groupLocks().tryAcquire(def.group))) return false;
      try {
        let more = false;
        for (const topic of topics) {
          const paused = backoff.get(topic);
          if (paused && paused.until > Date.now()) continue;
          const from = await loadOffset(db, def.group, topic);
          const readLimit = Math.max(batching.maxMessages, LANES);
          const read = await readLog(db, topic, from, readLimit);
          const rows = read.rows;
          if (read.heldBack) heldBack = true;
          // Keys are spread over lanes handled concurrently (a lane is what a partition is on
          // Kafka): per-key order holds inside a lane; the offset only moves past the longest
          // prefix of rows that all succeeded, so a failure re-reads (and dedups) the rest.
          const lanes = new Map<number, number[]>();
          rows.forEach((row, index) => {
            const lane = laneOf(row.key);
            lanes.set(lane, [...(lanes.get(lane) ?? []), index]);
          });
          // Each lane is one batch (one scope, one dedup insert), like a partition's batch on Kafka.
          const failures = await Promise.all(
            [...lanes.values()].map(async (indexes) => {
              if (!running()) return indexes[0] ?? rows.length;
              const outcome = await processor.processBatch(
                indexes.map((index) => inboundOf(rows[index]!)),
                { isRunning: running },
              );
              if (outcome.kind === "infrastructure") return indexes[0] ?? rows.length;
              // Stopped part-way: the lane's first unprocessed row bounds the offset.
              return indexes[outcome.results.length] ?? rows.length;
            }),
          );
          const firstFailed = Math.min(rows.length, ...failures);
          const failed = firstFailed < rows.length && running();
          if (failed) {
            const n = (backoff.get(topic)?.failures ?? 0) + 1;
            const delay = infrastructureDelayMs(policy, n);
            backoff.set(topic, { failures: n, until: Date.now() + delay });
            log.warn(
              { group: def.group, topic, failures: n, delayMs: delay },
              "topic paused after infrastructure failure",
            );
          } else if (rows.length > 0) {
            backoff.delete(topic);
          }
          const lastRow = firstFailed > 0 ? rows[firstFailed - 1] : undefined;
          const last: LogPosition | null = lastRow ? { txId: lastRow.tx_id, id: lastRow.id } : null;
          // Offsets are written only after each message's own transaction committed.
          if (last) await saveOffset(db, def.group, topic, last);
          if (!failed && rows.length === readLimit) more = true;
        }
        return more;
      } finally {
        await groupLocks().release(def.group);
      }
    }

    /** A paused topic is read again when its pause ends, not a whole idle sleep later. */
    const untilNextResume = (): number => {
      const now = Date.now();
      let soonest = Number.POSITIVE_INFINITY;
      for (const { until } of backoff.values()) if (until > now) soonest = Math.min(soonest, until - now);
      return soonest;
    };
    const loop: PollLoop = createPollLoop({
      // Rows held back by the horizon: no signal comes when they become deliverable (decision 0620).
      idleMs: () => Math.min(heldBack ? pollMs : idleMs(), untilNextResume()),
      pass: async () => ((await pollOnce()) ? "busy" : "idle"),
      onFailure(failures, error) {
        log.warn({ group: def.group, err: error, failures }, "local log poll failed");
        return infrastructureDelayMs(policy, failures);
      },
    });

    async function caughtUp(): Promise<boolean> {
      for (const topic of topics) {
        if (await hasRowsAfter(db, topic, await loadOffset(db, def.group, topic))) return false;
      }
      return (await scanner.dueCount()) === 0;
    }

    let unlisten: (() => void) | null = null;
    return {
      async start() {
        if (loop.isRunning()) return;
        scanner.start();
        loop.start();
        unlisten = deps.signals?.on(COMMIT_CHANNEL.eventLog, () => loop.nudge()) ?? null;
      },
      async stop() {
        unlisten?.();
        unlisten = null;
        await loop.stop();
        await scanner.stop();
      },
      async whenCaughtUp() {
        while (!(await caughtUp())) await new Promise((r) => setTimeout(r, CAUGHT_UP_CHECK_MS));
      },
    };
  }

  function broadcast(opts: BroadcastOptions): Runner {
    const positions = new Map<string, LogPosition>();
    let unlisten: (() => void) | null = null;
    let heldBack = false;
    const loop = createPollLoop({
      idleMs: () => (heldBack ? pollMs : idleMs()),
      async pass() {
        let more = false;
        heldBack = false;
        for (const topic of opts.topics) {
          const from = positions.get(topic) ?? (await latestPosition(db, topic));
          const read = await readLog(db, topic, from, BATCH_SIZE);
          const rows = read.rows;
          if (read.heldBack) heldBack = true;
          for (const row of rows) {
            const parsed = parseEnvelope(inboundOf(row));
            if (parsed.ok) {
              try {
                await opts.onEvent(parsed.envelope);
              } catch (error) {
                log.warn({ broadcast: opts.name, topic, err: error }, "broadcast listener failed");
              }
            }
            positions.set(topic, { txId: row.tx_id, id: row.id });
          }
          if (!positions.has(topic)) positions.set(topic, from);
          if (rows.length === BATCH_SIZE) more = true;
        }
        return more ? "busy" : "idle";
      },
      onFailure(_failures, error) {
        log.warn({ broadcast: opts.name, err: error }, "broadcast poll failed");
        return pollMs * 10;
      },
    });
    return {
      async start() {
        if (loop.isRunning()) return;
        // The starting point is fixed at start(): later events are delivered, earlier ones not.
        for (const topic of opts.topics) positions.set(topic, await latestPosition(db, topic));
        loop.start();
        unlisten = deps.signals?.on(COMMIT_CHANNEL.eventLog, () => loop.nudge()) ?? null;
      },
      async stop() {
        unlisten?.();
        unlisten = null;
        await loop.stop();
      },
    };
  }

  return {
    kind: "local",
    async publisher() {
      return { publish: (messages, tx) => appendToLog(tx, messages), close: async () => {} };
    },
    consumer,
    broadcast,
    send,
    async ping() {
      try {
        await db.$queryRaw`SELECT 1`;
        return true;
      } catch {
        return false;
      }
    },
    /** The local log is PostgreSQL, which the process reached before building the transport. */
    async waitForBroker() {},
    async close() {
      await locks?.close();
      locks = null;
    },
  };
}
