import type { Clock } from "../../../clock/clock.js";
import type { Settings } from "../../../config/settings.js";
import type { Db } from "../../../db/prisma-client.js";
import type { Logger } from "../../../log/logger.js";
import type { Registry } from "../../../metrics/registry.js";
import type { CommitSignals } from "../../commit-signals.js";
import type { ContractRegistry } from "../../contracts/registry.js";
import type { KafkaSecurity } from "../../kafka-security.js";
import type { EventPlatformTuning } from "../runner.js";
import type { OutboundMessage } from "../transport.js";
import type { Connection } from "./1-connect.js";

/** What a Kafka transport is built from (both clients take the same). */
export interface KafkaTransportDeps {
  settings: Settings;
  db: Db;
  log: Logger;
  metrics: Registry;
  clock: Clock;
  brokers: string[];
  instanceId: string;
  tuning?: EventPlatformTuning;
  contracts?: ContractRegistry;
  /** TLS and SASL of every client (issue #41); absent → plaintext */
  security?: KafkaSecurity;
  /** `pin_parked` wake-ups of the parked scanners (decision 0613) */
  signals?: CommitSignals;
}

/** The transport's own parts every stage may use: its deps, its connection, its send(). */
export interface TransportContext {
  readonly deps: KafkaTransportDeps;
  readonly connection: Connection;
  /** Writes one message to a topic (spec name): DLQ copies, replays */
  readonly send: (message: Omit<OutboundMessage, "id">) => Promise<void>;
  /** One per process start: the broadcast groups' suffix (decision 0525) */
  readonly bootId: string;
}
