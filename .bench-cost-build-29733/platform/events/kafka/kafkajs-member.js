import { MembershipStalledError, watchMembership } from "./membership-watch.js";
const NEVER_RESTART_BY_ITSELF = { retries: 5, restartOnFailure: async () => false };
const DISCONNECT_TIMEOUT_MS = 15e3;
const MEMBERSHIP_CHECK_MS = 1e3;
function kafkajsMember(spec) {
  const kc = spec.consumer;
  let crashed = () => {
  };
  const crash = new Promise((_, reject) => {
    crashed = reject;
  });
  crash.catch(() => {
  });
  let joinedEvent = () => {
  };
  const join = new Promise((resolve) => {
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
        durationMs: duration
      },
      "kafka consumer joined its group"
    );
    joinedEvent();
  });
  kc.on(
    kc.events.REBALANCING,
    (event) => spec.log.info(
      { runner: spec.name, memberId: event.payload.memberId },
      "kafka consumer group rebalancing"
    )
  );
  kc.on(kc.events.CRASH, (event) => crashed(event.payload.error ?? new Error("kafkajs consumer crashed")));
  const joined = (async () => {
    await spec.setUp(kc);
    await Promise.race([join, crash]);
    await spec.onJoined?.(kc);
  })();
  joined.catch(() => {
  });
  let stopping = null;
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
    }
  };
}
function watchMembershipOf(spec, crashed) {
  const limits = spec.membership;
  if (!limits) return () => {
  };
  const kc = spec.consumer;
  const watch = watchMembership({
    ...limits,
    onStall: (stall) => crashed(new MembershipStalledError(stall))
  });
  const confirmed = () => watch.confirmed();
  const off = [
    kc.on(kc.events.HEARTBEAT, confirmed),
    kc.on(kc.events.COMMIT_OFFSETS, confirmed),
    kc.on(kc.events.GROUP_JOIN, confirmed)
  ];
  const checking = setInterval(() => watch.check(), MEMBERSHIP_CHECK_MS);
  checking.unref();
  return () => {
    clearInterval(checking);
    for (const remove of off) remove();
  };
}
async function disconnect(spec, kc) {
  let timer;
  const gaveUp = new Promise((resolve) => {
    timer = setTimeout(() => resolve("timeout"), DISCONNECT_TIMEOUT_MS);
  });
  const outcome = await Promise.race([kc.disconnect().catch(() => "failed"), gaveUp]);
  clearTimeout(timer);
  if (outcome === "timeout")
    spec.log.warn(
      { runner: spec.name, timeoutMs: DISCONNECT_TIMEOUT_MS },
      "kafka consumer did not disconnect in time; a fresh one follows anyway"
    );
}
export {
  DISCONNECT_TIMEOUT_MS,
  NEVER_RESTART_BY_ITSELF,
  kafkajsMember
};
//# sourceMappingURL=kafkajs-member.js.map
