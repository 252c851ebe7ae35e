import type { Consumer } from "kafkajs";
import { ConfigError } from "../../config/settings.js";
import type { Logger } from "../../log/logger.js";
import { counter, type Registry } from "../../metrics/registry.js";
import { type Backoff, backoffDelayMs } from "../../startup/retry-until-ready.js";
import { logConsumerFailure, type SecurityFaults } from "../kafka-security-faults.js";
import { createSleeper } from "../sleep.js";
import type { RunnerStatus } from "../transport/runner.js";
import { classifyKafkaError } from "./kafka-errors.js";
import { MembershipStalledError, watchMembership } from "./membership-watch.js";

/** kafkajs never restarts a consumer of ours by itself: every crash path comes through here. */
export const NEVER_RESTART_BY_ITSELF = { retries: 5, restartOnFailure: async () => false } as const;
const RESTART_BACKOFF: Backoff = { minMs: 500, maxMs: 10_000 };
/**
 * A consumer being replaced is given this long to leave its group: a kafkajs runner stuck in a
 * rejoin never finishes its disconnect, and the fresh consumer must not wait for it (decision 0370).
 */
export const DISCONNECT_TIMEOUT_MS = 15_000;
/** How often the membership watch's silent rule is checked */
const MEMBERSHIP_CHECK_MS = 1_000;

/** The membership watch's limit (decision 0533), from the group's timeouts */
export interface MembershipLimits {
  /** Nothing confirmed by the broker this long: rebalance timeout + twice the session timeout */
  readonly silentMs: number;
}

export interface SupervisedConsumerSpec {
  /** Bounded metric label: a consumer group of ours, or a broadcast's name */
  readonly name: string;
  readonly log: Logger;
  readonly metrics: Registry;
  /** A fresh kafkajs consumer, created with `retry: NEVER_RESTART_BY_ITSELF` */
  create(): Consumer;
  /** Makes sure of the topics, connects, subscribes, registers handlers and calls run() */
  setUp(consumer: Consumer): Promise<void>;
  /** After a fresh consumer joined its group the first time (positions: seek is safe now) */
  onJoined?(consumer: Consumer): void | Promise<void>;
  /** After a failure, before the next consumer: forget what belonged to the old one */
  onRestart?(): void;
  /** The transport's memory of having reached a broker: a configuration error is fatal only before */
  readonly broker: { connected: boolean; readonly security?: SecurityFaults };
  /** Replace a consumer the broker no longer confirms as a member (decision 0533); absent: never */
  readonly membership?: MembershipLimits;
}

export interface SupervisedConsumer {
  /** Resolves once a consumer joined its group; rejects only with a ConfigError (bad settings at start) */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The live kafkajs consumer (replaced at every restart) */
  current(): Consumer | null;
  status(): RunnerStatus;
  /**
   * Replaces the live consumer with a fresh one, the way a crash does (logged, counted, after the
   * backoff): for a consumer that kafkajs keeps running but that no longer serves its group.
   */
  restart(reason: Error): void;
}

/**
 * One kafkajs consumer kept alive (issue #21, decision 0320): a failed connect, subscribe or
 * run, a join that ended in a crash (NOT_COORDINATOR until kafkajs' retries ran out), a crash
 * while running — each is logged, counted in pin_kafka_consumer_restarts_total and followed,
 * after a backoff, by a fresh consumer object. A consumer whose run() failed is never used again
 * (seek() on it throws "Consumer group was not initialized").
 */
export function superviseConsumer(spec: SupervisedConsumerSpec): SupervisedConsumer {
  const restarts = counter(
    spec.metrics,
    "pin_kafka_consumer_restarts_total",
    "Kafka consumers replaced by a fresh one after a failed start or a crash",
    ["runner", "kind"],
  );
  const sleeper = createSleeper();
  let status: RunnerStatus = "stopped";
  let current: Consumer | null = null;
  let stopped = false;
  let loop: Promise<void> | null = null;
  let restartCurrent: (reason: Error) => void = () => {};
  let signalStop: () => void = () => {};
  let stopping = new Promise<null>((resolve) => {
    signalStop = () => resolve(null);
  });

  /** Returns when stopped; throws what made this consumer unusable. */
  async function runOnce(kc: Consumer, joinedOnce: () => void): Promise<void> {
    let joined: () => void = () => {};
    let crashed: (error: unknown) => void = () => {};
    const join = new Promise<null>((resolve) => {
      joined = () => resolve(null);
    });
    const crash = new Promise<unknown>((resolve) => {
      crashed = resolve;
    });
    restartCurrent = (reason) => crashed(reason);
    const unwatch = watchMembershipOf(kc, crashed);
    try {
      kc.on(kc.events.GROUP_JOIN, (event) => {
        const { memberId, isLeader, memberAssignment, duration } = event.payload;
        const partitions = Object.values(memberAssignment).reduce((n, ps) => n + ps.length, 0);
        spec.log.info(
          {
            runner: spec.name,
            memberId,
            isLeader,
            partitions,
            assignment: memberAssignment,
            durationMs: duration,
          },
          "kafka consumer joined its group",
        );
        joined();
      });
      kc.on(kc.events.REBALANCING, (event) =>
        spec.log.info(
          { runner: spec.name, memberId: event.payload.memberId },
          "kafka consumer group rebalancing",
        ),
      );
      kc.on(kc.events.CRASH, (event) =>
        crashed(event.payload.error ?? new Error("kafkajs consumer crashed")),
      );
      await spec.setUp(kc);
      const beforeJoin = await Promise.race([join, crash, stopping]);
      if (stopped) return;
      if (beforeJoin !== null) throw beforeJoin;
      await spec.onJoined?.(kc);
      spec.broker.connected = true;
      spec.broker.security?.cleared();
      status = "running";
      joinedOnce();
      const whileRunning = await Promise.race([crash, stopping]);
      if (stopped) return;
      throw whileRunning;
    } finally {
      unwatch();
    }
  }

  /**
   * The membership watch of one kafkajs consumer (decision 0533): confirmations are the broker's
   * answers kafkajs reports as events; a stall crashes this consumer the way a kafkajs crash does.
   */
  function watchMembershipOf(kc: Consumer, crashed: (error: unknown) => void): () => void {
    const limits = spec.membership;
    if (!limits) return () => {};
    const watch = watchMembership({
      ...limits,
      onStall: (stall) => crashed(new MembershipStalledError(stall)),
    });
    const confirmed = () => watch.confirmed();
    const off = [
      kc.on(kc.events.HEARTBEAT, confirmed),
      kc.on(kc.events.COMMIT_OFFSETS, confirmed),
      kc.on(kc.events.GROUP_JOIN, confirmed),
    ];
    const checking = setInterval(() => watch.check(), MEMBERSHIP_CHECK_MS);
    checking.unref();
    return () => {
      clearInterval(checking);
      for (const remove of off) remove();
    };
  }

  /** Never throws, never waits longer than DISCONNECT_TIMEOUT_MS */
  async function disconnect(kc: Consumer): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), DISCONNECT_TIMEOUT_MS);
    });
    const outcome = await Promise.race([kc.disconnect().catch(() => "failed" as const), gaveUp]);
    clearTimeout(timer);
    if (outcome === "timeout")
      spec.log.warn(
        { runner: spec.name, timeoutMs: DISCONNECT_TIMEOUT_MS },
        "kafka consumer did not disconnect in time; a fresh one follows anyway",
      );
  }

  async function supervise(joinedOnce: () => void, fatal: (e: Error) => void): Promise<void> {
    let failures = 0;
    let ran = false;
    while (!stopped) {
      const kc = spec.create();
      current = kc;
      try {
        await runOnce(kc, () => {
          failures = 0;
          ran = true;
          joinedOnce();
        });
      } catch (error) {
        if (stopped) break;
        const verdict = classifyKafkaError(error);
        if (verdict.kind === "configuration" && !spec.broker.connected) {
          await disconnect(kc);
          status = "stopped";
          fatal(new ConfigError(verdict.setting, verdict.reason));
          return;
        }
        failures += 1;
        restarts.inc({ runner: spec.name, kind: verdict.kind });
        status = ran ? "restarting" : "starting";
        const delayMs = backoffDelayMs(failures, RESTART_BACKOFF);
        const entry = { runner: spec.name, failures, delayMs, reason: verdict.reason, err: error };
        logConsumerFailure(spec.log, spec.broker.security, verdict, entry);
        spec.onRestart?.();
        await disconnect(kc);
        await sleeper.sleep(delayMs);
      }
    }
    if (current) await disconnect(current);
  }

  return {
    start() {
      if (loop) return Promise.resolve();
      stopped = false;
      status = "starting";
      stopping = new Promise<null>((resolve) => {
        signalStop = () => resolve(null);
      });
      return new Promise<void>((resolve, reject) => {
        loop = supervise(resolve, reject);
        // A stop before the first join ends the wait too.
        void stopping.then(() => resolve());
      });
    },
    async stop() {
      if (!loop) return;
      stopped = true;
      signalStop();
      sleeper.wake();
      // A consumer still connecting or joining is disconnected now rather than at its next step.
      if (current) await disconnect(current);
      await loop;
      loop = null;
      current = null;
      status = "stopped";
    },
    current: () => current,
    status: () => status,
    restart: (reason) => restartCurrent(reason),
  };
}
