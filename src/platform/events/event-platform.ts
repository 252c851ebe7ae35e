import { randomUUID } from "node:crypto";
import type { Clock } from "../clock/clock.js";
import { ConfigError, type Settings } from "../config/settings.js";
import { connectionStringOf, type Db } from "../db/prisma-client.js";
import type { Logger } from "../log/logger.js";
import type { Registry } from "../metrics/registry.js";
import type { Activity } from "../workers/quiet-cadence.js";
import { withBroadcastSpans } from "./broadcast-span.js";
import { COMMIT_CHANNEL, type CommitSignals, createCommitSignals } from "./commit-signals.js";
import type { AnyConsumerDefinition } from "./consumer/definition.js";
import { createKafkaTransport } from "./kafka/kafkajs-port.js";
import {
  describeKafkaSecurity,
  type KafkaSecurity,
  PLAINTEXT,
  resolveKafkaSecurity,
} from "./kafka-security.js";
import { createLocalTransport } from "./local/local-transport.js";
import { createOutboxRelay } from "./outbox/outbox-relay.js";
import { createPlatformaticTransport } from "./platformatic/platformatic-port.js";
import type { BroadcastOptions, EventPlatformTuning, Runner } from "./transport/runner.js";
import type { Transport } from "./transport/transport.js";

export type { BroadcastOptions, EventPlatformTuning, Runner } from "./transport/runner.js";

export interface EventPlatform {
  readonly transport: "kafka" | "local";
  startRelay(): Runner;
  runConsumer(def: AnyConsumerDefinition): Runner;
  /** No dedup, no DLQ, starts at the latest position: live fan-out to every API instance */
  runBroadcast(opts: BroadcastOptions): Runner;
  ping(): Promise<boolean>;
  /**
   * Signs of activity for the workers' quiet cadence (decision 0614): a commit signalled on the
   * outbox or the local log, by any process. Undefined without commit signals.
   */
  readonly activity: Activity | undefined;
  /** See Transport.waitForBroker */
  waitForBroker(cancelled?: () => boolean): Promise<void>;
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

/**
 * Composition of the event platform: Kafka when `settings.kafkaBrokers` is set (through kafkajs or
 * @platformatic/kafka, `settings.kafkaClient`), else the local event log in PostgreSQL. The same consumer definitions run unchanged on both.
 */
export function createEventPlatform(deps: EventPlatformDeps): EventPlatform {
  const instanceId = deps.settings.instanceId ?? randomUUID();
  const brokers = deps.settings.kafkaBrokers?.split(",").map((b) => b.trim());
  // LISTEN/NOTIFY wake-ups of the relay, the local log's readers (decision 0485) and the parked
  // scanners on every transport (decision 0613).
  const url = connectionStringOf(deps.db);
  const signals: CommitSignals | undefined =
    url && deps.settings.commitSignals
      ? createCommitSignals({ url, log: deps.log, metrics: deps.metrics })
      : undefined;
  // PIN_KAFKA_CLIENT picks the Kafka client library behind the same Transport (decision 0430).
  const security = brokers ? kafkaSecurityOf(deps.settings) : PLAINTEXT;
  if (brokers && (security.tls || security.sasl))
    deps.log.info({ kafka: describeKafkaSecurity(security) }, "Kafka over TLS/SASL (issue #41)");
  const transport: Transport = !brokers
    ? createLocalTransport({ ...deps, instanceId, signals })
    : deps.settings.kafkaClient === "platformatic"
      ? createPlatformaticTransport({ ...deps, brokers, instanceId, security, signals })
      : createKafkaTransport({ ...deps, brokers, instanceId, security, signals });
  return {
    transport: transport.kind,
    startRelay: () => createOutboxRelay({ ...deps, transport, signals }),
    runConsumer: (def) => transport.consumer(def),
    runBroadcast: (opts) => transport.broadcast(withBroadcastSpans(opts)),
    ping: () => transport.ping(),
    activity: signals ? activityOf(signals) : undefined,
    waitForBroker: (cancelled) => transport.waitForBroker(cancelled),
    async close() {
      await transport.close();
      await signals?.close();
    },
  };
}

/** The settings' TLS and SASL with their files read (issue #41); a bad combination is a ConfigError. */
export function kafkaSecurityOf(settings: Settings): KafkaSecurity {
  const resolved = resolveKafkaSecurity(settings);
  if (!resolved.ok) throw new ConfigError(resolved.setting, resolved.reason);
  return resolved.security;
}

/** A commit on the outbox or the local log, in any process: the system is doing something. */
function activityOf(signals: CommitSignals): Activity {
  return {
    on(listener) {
      const off = [COMMIT_CHANNEL.outbox, COMMIT_CHANNEL.eventLog].map((c) =>
        signals.on(c, () => listener()),
      );
      return () => {
        for (const o of off) o();
      };
    },
    listening: () => signals.listening(),
  };
}
