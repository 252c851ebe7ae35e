import { randomBytes } from "node:crypto";

/**
 * How a process takes part in consumer groups (decision 0525), shared by both Kafka adapters.
 *
 * The session timeout is how long a member that stopped heartbeating — a SIGKILLed process, a
 * container that vanished — keeps its partitions before the coordinator moves them: the pause every
 * crash costs the group. PIN_KAFKA_SESSION_TIMEOUT_MS sets it (default 30 s, kafkajs' own
 * default); heartbeats go every third of it, at most every 2 s. Rebalances may take up to 60 s.
 */
export interface GroupTimeouts {
  readonly sessionTimeoutMs: number;
  readonly heartbeatMs: number;
  readonly rebalanceTimeoutMs: number;
}

const REBALANCE_TIMEOUT_MS = 60_000;
const MAX_HEARTBEAT_MS = 2_000;

export function groupTimeouts(sessionTimeoutMs: number): GroupTimeouts {
  return {
    sessionTimeoutMs,
    heartbeatMs: Math.min(MAX_HEARTBEAT_MS, Math.floor(sessionTimeoutMs / 3)),
    rebalanceTimeoutMs: Math.max(REBALANCE_TIMEOUT_MS, sessionTimeoutMs),
  };
}

/** One per process start: a restarted process is a new broadcast member, never its dead self. */
export function newBootId(): string {
  return randomBytes(4).toString("hex");
}

/**
 * A broadcast group is one process's private group (every process sees every event). Its id names
 * the process and this start of it: a process restarted after a crash with the same instance id
 * (a pod's name) would otherwise rejoin the group its dead self still holds and wait a whole
 * session timeout for it to expire before any live event reached it (decision 0525).
 */
export function broadcastGroupId(name: string, instanceId: string, bootId: string): string {
  return `pin-broadcast-${name}-${instanceId}-${bootId}`;
}
