import type { Consumer } from "kafkajs";
import type { Logger } from "../../log/logger.js";
import type { Member } from "../transport/core/port.js";
import { MembershipStalledError, watchMembership } from "./membership-watch.js";

/** kafkajs never restarts a consumer of ours by itself: every crash path comes through the core's supervisor. */
export const NEVER_RESTART_BY_ITSELF = { retries: 5, restartOnFailure: async () => false } as const;
/**
 * A consumer being replaced is given this long to leave its group: a kafkajs runner stuck in a
 * rejoin never finishes its disconnect, and the fresh consumer must not wait for it (decision 0370).
 */
export const DISCONNECT_TIMEOUT_MS = 15_000;
/** How often the membership watch's silent rule is checked */
const MEMBERSHIP_CHECK_MS = 1_000;

export interface KafkajsMemberSpec {
  /** Bounded log label: a consumer group of ours, or a broadcast's name */
  readonly name: string;
  readonly log: Logger;
  /** A fresh kafkajs consumer, created with `retry: NEVER_RESTART_BY_ITSELF` */
  readonly consumer: Consumer;
  /** Makes sure of the topics, connects, subscribes, registers handlers and calls run() */
  setUp(consumer: Consumer): Promise<void>;
  /** After the consumer joined its group the first time (positions: seek is safe now) */
  onJoined?(consumer: Consumer): void | Promise<void>;
  /** Replace a consumer the broker no longer confirms as a member (decision 0533): nothing confirmed this long */
  readonly membership?: { readonly silentMs: number };
}

export interface KafkajsMember extends Member {
  readonly consumer: Consumer;
  /** Fails the member the way a kafkajs crash does: for a consumer kafkajs runs but that no longer serves its group */
  crash(reason: Error): void;
}

/**
 * One kafkajs consumer as a group member of the core (decision 0320): a failed connect, subscribe
 * or run, a join that ended in a crash, a crash while running, a membership the broker stopped
 * confirming — each fails the member, and the supervisor starts a fresh consumer object. A consumer
 * whose run() failed is never used again (seek() on it throws "Consumer group was not initialized").
 */
export function kafkajsMember(spec: KafkajsMemberSpec): KafkajsMember {
  const kc = spec.consumer;
  let crashed: (error: unknown) => void = () => {};
  const crash = new Promise<never>((_, reject) => {
    crashed = reject;
  });
  crash.catch(() => {});
  let joinedEvent: () => void = () => {};
  const join = new Promise<void>((resolve) => {
    joinedEvent = resolve;
  });
  const unwatch = watchMembershipOf(spec, (error) => crashed(error));
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
    joinedEvent();
  });
  kc.on(kc.events.REBALANCING, (event) =>
    spec.log.info(
      { runner: spec.name, memberId: event.payload.memberId },
      "kafka consumer group rebalancing",
    ),
  );
  kc.on(kc.events.CRASH, (event) => crashed(event.payload.error ?? new Error("kafkajs consumer crashed")));
  const joined = (async () => {
    await spec.setUp(kc);
    await Promise.race([join, crash]);
    await spec.onJoined?.(kc);
  })();
  joined.catch(() => {});
  let stopping: Promise<void> | null = null;
  return {
    consumer: kc,
    joined,
    done: crash,
    crash: (reason) => crashed(reason),
    stop() {
      stopping ??= (async () => {
        unwatch();
        await disconnect(spec, kc);
      })();
      return stopping;
    },
  };
}

/**
 * The membership watch of one kafkajs consumer (decision 0533): confirmations are the broker's
 * answers kafkajs reports as events; a stall crashes this consumer the way a kafkajs crash does.
 */
function watchMembershipOf(spec: KafkajsMemberSpec, crashed: (error: unknown) => void): () => void {
  const limits = spec.membership;
  if (!limits) return () => {};
  const kc = spec.consumer;
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
async function disconnect(spec: KafkajsMemberSpec, kc: Consumer): Promise<void> {
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
