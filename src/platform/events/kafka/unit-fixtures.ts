import { EventEmitter } from "node:events";
import type { Consumer } from "kafkajs";

/** Unit tests' stand-in for a kafkajs consumer: the parts the supervisor uses, events emitted by hand. */
export function fakeConsumer(): Consumer & { emitter: EventEmitter; disconnects: number } {
  const emitter = new EventEmitter();
  const fake = {
    emitter,
    disconnects: 0,
    events: {
      GROUP_JOIN: "consumer.group_join",
      HEARTBEAT: "consumer.heartbeat",
      COMMIT_OFFSETS: "consumer.commit_offsets",
      CRASH: "consumer.crash",
      REBALANCING: "consumer.rebalancing",
    },
    on(event: string, listener: (e: unknown) => void) {
      emitter.on(event, listener);
      return () => emitter.off(event, listener);
    },
    async disconnect() {
      fake.disconnects += 1;
    },
  };
  return fake as unknown as Consumer & { emitter: EventEmitter; disconnects: number };
}

/** A GROUP_JOIN event's payload as kafkajs emits it */
export const joinEvent = {
  payload: { memberId: "m", isLeader: true, memberAssignment: { t: [0] }, duration: 1 },
};
