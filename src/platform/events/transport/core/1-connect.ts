import { ConfigError } from "../../../config/settings.js";
import type { Logger } from "../../../log/logger.js";
import { retryUntilReady } from "../../../startup/retry-until-ready.js";
import type { KafkaNames } from "../../kafka/kafka-names.js";
import { createSecurityFaults, type SecurityFaults } from "../../kafka-security-faults.js";
import type { KafkaClientPort } from "./port.js";

/** Below /readyz's own 3 s limit per check */
const PING_TIMEOUT_MS = 2_000;

/**
 * Stage 1: the transport's one connection state, shared by its producers, members and admin calls.
 * `connected` is whether this process ever reached a broker: before that a configuration error is
 * fatal (a ConfigError at start), after it every error is retried (issue #21). A security fault is
 * reported once for the whole transport (kafka-security-faults.ts).
 */
export interface Connection {
  readonly port: KafkaClientPort;
  readonly log: Logger;
  readonly names: KafkaNames;
  /** Partitions of a topic this transport creates */
  readonly partitions: number;
  readonly broker: { connected: boolean; readonly security: SecurityFaults };
  /** Topics known to exist with a leader for every partition */
  readonly knownTopics: Set<string>;
  /** Partitions of each topic written to, as the brokers have them */
  readonly partitionCounts: Map<string, number>;
}

export function createConnection(
  port: KafkaClientPort,
  log: Logger,
  names: KafkaNames,
  partitions: number,
): Connection {
  return {
    port,
    log,
    names,
    partitions,
    broker: { connected: false, security: createSecurityFaults(log) },
    knownTopics: new Set(),
    partitionCounts: new Map(),
  };
}

/** Creates the wire topics not known yet (a topic is created once per transport). */
export async function ensureTopics(c: Connection, topics: readonly string[]): Promise<void> {
  const missing = topics.filter((t) => !c.knownTopics.has(t));
  if (missing.length === 0) return;
  await c.port.admin.createTopics(missing, c.partitions);
  for (const t of missing) c.knownTopics.add(t);
}

/** The partition count of a wire topic, asked until the brokers know it; meanwhile the transport's own. */
export async function partitionCountOf(c: Connection, topic: string): Promise<number> {
  const known = c.partitionCounts.get(topic);
  if (known !== undefined) return known;
  const n = await c.port.admin.partitionCount(topic);
  if (n > 0) c.partitionCounts.set(topic, n);
  return n || c.partitions;
}

function reached(c: Connection): void {
  c.broker.connected = true;
  c.broker.security.cleared();
}

/** Transport.waitForBroker: with backoff while absent, a ConfigError when the settings can never work. */
export async function waitForBroker(c: Connection, cancelled?: () => boolean): Promise<void> {
  await retryUntilReady(
    async () => {
      await c.port.admin.describeCluster();
      reached(c);
    },
    {
      what: "Kafka broker",
      log: c.log,
      cancelled,
      classify: (error) => {
        const verdict = c.port.classify(error);
        if (verdict.kind === "security") c.broker.security.report(verdict, "broker");
        return verdict.kind === "configuration" && !c.broker.connected
          ? { retry: false, fatal: new ConfigError(verdict.setting, verdict.reason) }
          : { retry: true, reason: verdict.reason, quiet: verdict.kind === "security" };
      },
    },
  );
}

/**
 * Transport.ping, bounded as a whole, connecting included: an absent broker answers /readyz with
 * "connecting" at once rather than after the client's connection retries.
 */
export async function ping(c: Connection): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      c.port.admin.describeCluster(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("ping timeout")), PING_TIMEOUT_MS);
      }),
    ]);
    reached(c);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
