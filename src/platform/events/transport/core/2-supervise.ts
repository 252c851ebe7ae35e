import { ConfigError } from "../../../config/settings.js";
import type { Logger } from "../../../log/logger.js";
import { type Counter, counter, type Registry } from "../../../metrics/registry.js";
import { type Backoff, backoffDelayMs } from "../../../startup/retry-until-ready.js";
import type { KafkaErrorVerdict } from "../../kafka/kafka-errors.js";
import { logConsumerFailure, type SecurityFaults } from "../../kafka-security-faults.js";
import { createSleeper } from "../../sleep.js";
import type { RunnerStatus } from "../runner.js";
import type { Member } from "./port.js";

const RESTART_BACKOFF: Backoff = { minMs: 500, maxMs: 10_000 };

export interface SupervisorSpec<M extends Member> {
  /** Bounded metric label: a consumer group of ours, or a broadcast's name */
  readonly name: string;
  readonly log: Logger;
  readonly metrics: Registry;
  /** The transport's memory of having reached a broker: a configuration error is fatal only before */
  readonly broker: { connected: boolean; readonly security?: SecurityFaults };
  readonly classify: (error: unknown) => KafkaErrorVerdict;
  /** A fresh member, starting (its failures come out of `joined` and `done`) */
  create(): M;
  /** After a failure, before the next member: forget what belonged to the old one */
  onRestart?(): void;
}

export interface Supervisor<M extends Member> {
  /** Resolves once a member joined its group; rejects only with a ConfigError (bad settings at start) */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The live member (replaced at every restart) */
  current(): M | null;
  status(): RunnerStatus;
}

/** The supervisor's state: one object, read by start(), stop() and the loop. */
interface SupervisorState<M extends Member> {
  status: RunnerStatus;
  current: M | null;
  stopped: boolean;
  loop: Promise<void> | null;
  stopping: Promise<null>;
  signalStop: () => void;
  /** Consecutive failures (the backoff) and whether a member ever joined (starting vs restarting) */
  failures: number;
  ran: boolean;
}

/**
 * Stage 2: one group member kept alive (issue #21, decisions 0320, 0430): a member whose start,
 * join or work failed is ended, counted in pin_kafka_consumer_restarts_total and followed, after a
 * backoff, by a fresh one; a configuration error before the broker was ever reached is fatal
 * (start() rejects with it). A failed member is never used again.
 */
export function supervise<M extends Member>(spec: SupervisorSpec<M>): Supervisor<M> {
  const restarts = counter(
    spec.metrics,
    "pin_kafka_consumer_restarts_total",
    "Kafka consumers replaced by a fresh one after a failed start or a crash",
    ["runner", "kind"],
  );
  const sleeper = createSleeper();
  const s: SupervisorState<M> = {
    status: "stopped",
    current: null,
    stopped: false,
    loop: null,
    stopping: Promise.resolve(null),
    signalStop: () => {},
    failures: 0,
    ran: false,
  };

  async function loop(joinedOnce: () => void, fatal: (e: Error) => void): Promise<void> {
    s.failures = 0;
    s.ran = false;
    while (!s.stopped) {
      const member = spec.create();
      s.current = member;
      try {
        await runOne(spec, s, member, joinedOnce);
      } catch (error) {
        if (s.stopped) break;
        await member.stop(true);
        // A failed member is not stopped again: one left behind past its bound stays behind.
        s.current = null;
        const delayMs = afterFailure(spec, s, restarts, error, fatal);
        if (delayMs === null) return;
        await sleeper.sleep(delayMs);
      }
    }
    // Stopped while a member was starting: it is ended here, stop() may not have seen it.
    await s.current?.stop(false);
  }

  return {
    start() {
      if (s.loop) return Promise.resolve();
      s.stopped = false;
      s.status = "starting";
      s.stopping = new Promise<null>((resolve) => {
        s.signalStop = () => resolve(null);
      });
      return new Promise<void>((resolve, reject) => {
        s.loop = loop(resolve, reject);
        // A stop before the first join ends the wait too.
        void s.stopping.then(() => resolve());
      });
    },
    async stop() {
      if (!s.loop) return;
      s.stopped = true;
      s.signalStop();
      sleeper.wake();
      // Handlers at work finish (and commit) before the member leaves its group; a member still
      // connecting or joining is ended now rather than at its next step.
      await s.current?.stop(false);
      await s.loop;
      s.loop = null;
      s.current = null;
      s.status = "stopped";
    },
    current: () => s.current,
    status: () => s.status,
  };
}

/** One member from its start to its failure (thrown) or the supervisor's stop (returns). */
async function runOne<M extends Member>(
  spec: SupervisorSpec<M>,
  s: SupervisorState<M>,
  member: M,
  joinedOnce: () => void,
): Promise<void> {
  await Promise.race([member.joined, s.stopping]);
  if (s.stopped) return;
  spec.broker.connected = true;
  spec.broker.security?.cleared();
  s.status = "running";
  s.failures = 0;
  s.ran = true;
  joinedOnce();
  await Promise.race([member.done, s.stopping]);
  if (s.stopped) return;
  throw new Error("kafka group member ended by itself");
}

/** After a failure: true when it was fatal (the loop ends), else the backoff is the returned delay. */
function afterFailure<M extends Member>(
  spec: SupervisorSpec<M>,
  s: SupervisorState<M>,
  restarts: Counter<string>,
  error: unknown,
  fatal: (e: Error) => void,
): number | null {
  const verdict = spec.classify(error);
  if (verdict.kind === "configuration" && !spec.broker.connected) {
    s.current = null;
    s.status = "stopped";
    fatal(new ConfigError(verdict.setting, verdict.reason));
    return null;
  }
  s.failures += 1;
  restarts.inc({ runner: spec.name, kind: verdict.kind });
  s.status = s.ran ? "restarting" : "starting";
  const delayMs = backoffDelayMs(s.failures, RESTART_BACKOFF);
  const entry = { runner: spec.name, failures: s.failures, delayMs, reason: verdict.reason, err: error };
  logConsumerFailure(spec.log, spec.broker.security, verdict, entry);
  spec.onRestart?.();
  return delayMs;
}
