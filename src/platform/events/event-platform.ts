import { randomUUID } from "node:crypto";
import type { ISocketFactory } from "kafkajs";
import type { Clock } from "../clock/clock.js";
import type { Settings } from "../config/settings.js";
import type { Db } from "../db/prisma-client.js";
import type { Logger } from "../log/logger.js";
import type { Registry } from "../metrics/registry.js";
import type { AnyConsumerDefinition } from "./consumer/definition.js";
import type { EventEnvelope } from "./envelope.js";
import { createKafkaTransport } from "./kafka/kafka-transport.js";
import { createLocalTransport } from "./local/local-transport.js";
import { createOutboxRelay } from "./outbox/outbox-relay.js";
import type { Transport } from "./transport/transport.js";

/** Every long-running part of the platform. `whenCaughtUp` resolves once nothing is pending. */
export interface Runner {
  start(): Promise<void>;
  stop(): Promise<void>;
  whenCaughtUp?(): Promise<void>;
}

export interface BroadcastOptions {
  /** e.g. "chessboard-status"; the group is `pin-broadcast-<name>-<instance id>` */
  name: string;
  topics: string[];
  onEvent(envelope: EventEnvelope<unknown>): void | Promise<void>;
}

export interface EventPlatform {
  readonly transport: "kafka" | "local";
  startRelay(): Runner;
  runConsumer(def: AnyConsumerDefinition): Runner;
  /** No dedup, no DLQ, starts at the latest position: live fan-out to every API instance */
  runBroadcast(opts: BroadcastOptions): Runner;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface EventPlatformDeps {
  settings: Settings;
  db: Db;
  log: Logger;
  metrics: Registry;
  clock: Clock;
  /** Tests: poll/backoff knobs and fault injection; production leaves it empty */
  tuning?: EventPlatformTuning;
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
  /** Kafka only: sockets of the relay's producer (tests route them through a stoppable proxy) */
  relaySocketFactory?: ISocketFactory;
  /** Crash tests: called after a batch is published and before it is marked / after a message's
   *  transaction committed and before its offset is committed (a child process SIGKILLs itself) */
  faults?: {
    afterRelayPublish?(): void;
    afterConsumerCommit?(): void;
  };
}

/**
 * Composition of the event platform: Kafka when `settings.kafkaBrokers` is set, else the local
 * event log in PostgreSQL. The same consumer definitions run unchanged on both.
 */
export function createEventPlatform(deps: EventPlatformDeps): EventPlatform {
  const instanceId = deps.settings.instanceId ?? randomUUID();
  const transport: Transport = deps.settings.kafkaBrokers
    ? createKafkaTransport({
        ...deps,
        brokers: deps.settings.kafkaBrokers.split(",").map((b) => b.trim()),
        instanceId,
      })
    : createLocalTransport({ ...deps, instanceId });
  return {
    transport: transport.kind,
    startRelay: () => createOutboxRelay({ ...deps, transport }),
    runConsumer: (def) => transport.consumer(def),
    runBroadcast: (opts) => transport.broadcast(opts),
    ping: () => transport.ping(),
    close: () => transport.close(),
  };
}
