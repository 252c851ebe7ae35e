import type { ISocketFactory } from "kafkajs";
import type { EventEnvelope } from "../envelope.js";

/** The shapes transports, the relay and the composition share (kept apart so none imports the composition). */
/** Every long-running part of the platform. `whenCaughtUp` resolves once nothing is pending. */
export interface Runner {
  start(): Promise<void>;
  stop(): Promise<void>;
  whenCaughtUp?(): Promise<void>;
  /** Where a runner that can tell stands: /readyz names those not "running" (issue #21) */
  status?(): RunnerStatus;
}

/** starting: never ran yet (broker absent or settling); restarting: ran, failed, a fresh one follows */
export type RunnerStatus = "starting" | "running" | "restarting" | "stopped";

export interface BroadcastOptions {
  /** e.g. "chessboard-status"; the group is `pin-broadcast-<name>-<instance id>-<boot id>` (decision 0525) */
  name: string;
  topics: string[];
  onEvent(envelope: EventEnvelope<unknown>): void | Promise<void>;
}

export interface EventPlatformTuning {
  /** Broker list override for the relay's producer (tests point it at a TCP proxy) */
  relayBrokers?: string[];
  /** Local log poll interval (ms) */
  localPollMs?: number;
  /** How often parked messages are checked for due retries (ms, real time) */
  parkedScanMs?: number;
  /** Relay batch size */
  relayBatchSize?: number;
  /** Kafka partitions created for new topics */
  topicPartitions?: number;
  /** Relay workers per process (each cycles over the shards it can lock) */
  relayWorkers?: number;
  /** A relay publish not answered by then is abandoned and the producer replaced (ms, decision 0499) */
  relayPublishDeadlineMs?: number;
  /** Kafka only: sockets of the relay's producer (tests route them through a stoppable proxy) */
  relaySocketFactory?: ISocketFactory;
  /** @platformatic/kafka only: the address the relay's producer connects to for a broker (the
   *  bootstrap one or one the metadata names); tests route it through a stoppable proxy, as
   *  relaySocketFactory does for kafkajs (decision 0430) */
  relayBrokerAddress?: (broker: { host: string; port: number }) => { host: string; port: number };
  /** Crash tests: called after a batch is published and before it is marked / after a message's
   *  transaction committed and before its offset is committed (a child process SIGKILLs itself) */
  faults?: {
    afterRelayPublish?(): void;
    afterConsumerCommit?(): void;
  };
}
