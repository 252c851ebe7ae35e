import { ConfigError } from "../../config/settings.js";
import type { Logger } from "../../log/logger.js";
import { counter, type Registry } from "../../metrics/registry.js";
import { type Backoff, backoffDelayMs } from "../../startup/retry-until-ready.js";
import { logConsumerFailure, type SecurityFaults } from "../kafka-security-faults.js";
import { createSleeper } from "../sleep.js";
import type { RunnerStatus } from "../transport/runner.js";
import { withDeadline } from "./deadline.js";
import type { PartitionFetcher } from "./partition-fetcher.js";
import { classifyPlatformaticError } from "./platformatic-errors.js";

const RESTART_BACKOFF: Backoff = { minMs: 500, maxMs: 10_000 };
/**
 * How long a failed member may take to end its handlers and close its client before the next one
 * starts anyway (decision 0523): a handler or a close that never ends must not hold the group's
 * share of partitions. An abandoned handler can no longer commit (its partition is not owned).
 */
const RETIRE_DEADLINE_MS = 60_000;

/** A group member of the @platformatic/kafka adapter: its fetcher and how to close its client. */
export interface Member {
  readonly fetcher: PartitionFetcher;
  close(): Promise<void>;
}

export interface SupervisedMemberSpec {
  /** Bounded metric label: a consumer group of ours, or a broadcast's name */
  readonly name: string;
  readonly log: Logger;
  readonly metrics: Registry;
  /** The transport's memory of having reached a broker: a configuration error is fatal only before */
  readonly broker: { connected: boolean; readonly security?: SecurityFaults };
  /** A fresh client that makes sure of its topics and starts joining (throws: nothing left open) */
  create(): Promise<Member>;
  /** After a failure, before the next member: forget what belonged to the old one */
  onRestart?(): void;
}

/**
 * The @platformatic/kafka counterpart of superviseConsumer (decision 0320, 0430): a member whose
 * start, join or fetching failed is closed, counted in pin_kafka_consumer_restarts_total (the
 * same metric as the kafkajs adapter's) and followed, after a backoff, by a fresh one; a
 * configuration error before the broker was ever reached is fatal (start() rejects with it).
 */
export function superviseMember(spec: SupervisedMemberSpec) {
  const restarts = counter(
    spec.metrics,
    "pin_kafka_consumer_restarts_total",
    "Kafka consumers replaced by a fresh one after a failed start or a crash",
    ["runner", "kind"],
  );
  const sleeper = createSleeper();
  let status: RunnerStatus = "stopped";
  let current: Member | null = null;
  let stopped = false;
  let loop: Promise<void> | null = null;
  let signalStop: () => void = () => {};
  let stopping = Promise.resolve<null>(null);

  /** Ends a failed member within RETIRE_DEADLINE_MS; past it, the member is left behind (logged). */
  async function retire(member: Member): Promise<void> {
    const ending = (async () => {
      await member.fetcher.stop();
      await member.close();
    })();
    await withDeadline(ending, RETIRE_DEADLINE_MS, "the failed member's stop").catch((error: unknown) =>
      spec.log.warn(
        { runner: spec.name, err: error },
        "a failed kafka group member did not end in time; left behind",
      ),
    );
  }

  async function supervise(joinedOnce: () => void, fatal: (e: Error) => void): Promise<void> {
    let failures = 0;
    let ran = false;
    while (!stopped) {
      let member: Member | null = null;
      try {
        member = await spec.create();
        current = member;
        if (stopped) break;
        await Promise.race([member.fetcher.joined, stopping]);
        if (stopped) break;
        spec.broker.connected = true;
        spec.broker.security?.cleared();
        status = "running";
        failures = 0;
        ran = true;
        joinedOnce();
        await member.fetcher.done;
        if (stopped) break;
        throw new Error("kafka group member ended by itself");
      } catch (error) {
        if (stopped) break;
        if (member) await retire(member);
        current = null;
        const verdict = classifyPlatformaticError(error);
        if (verdict.kind === "configuration" && !spec.broker.connected) {
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
        await sleeper.sleep(delayMs);
      }
    }
    // Stopped while a member was being created: it is closed here, stop() may not have seen it.
    await current?.fetcher.stop();
    await current?.close();
  }

  return {
    /** Resolves once a member joined its group; rejects only with a ConfigError (bad settings at start) */
    start(): Promise<void> {
      if (loop) return Promise.resolve();
      stopped = false;
      status = "starting";
      stopping = new Promise<null>((resolve) => {
        signalStop = () => resolve(null);
      });
      return new Promise<void>((resolve, reject) => {
        loop = supervise(resolve, reject);
        void stopping.then(() => resolve());
      });
    },
    async stop(): Promise<void> {
      if (!loop) return;
      stopped = true;
      signalStop();
      sleeper.wake();
      const member = current;
      // Handlers at work finish (and commit) before the member leaves its group.
      await member?.fetcher.stop();
      await member?.close();
      await loop;
      loop = null;
      current = null;
      status = "stopped";
    },
    status: (): RunnerStatus => status,
  };
}
