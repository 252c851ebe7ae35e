import { randomUUID } from "node:crypto";
import { ConfigError } from "../config/settings.js";
import { connectionStringOf } from "../db/prisma-client.js";
import { withBroadcastSpans } from "./broadcast-span.js";
import { COMMIT_CHANNEL, createCommitSignals } from "./commit-signals.js";
import { createKafkaTransport } from "./kafka/kafkajs-port.js";
import {
  describeKafkaSecurity,
  PLAINTEXT,
  resolveKafkaSecurity
} from "./kafka-security.js";
import { createLocalTransport } from "./local/local-transport.js";
import { createOutboxRelay } from "./outbox/outbox-relay.js";
import { createPlatformaticTransport } from "./platformatic/platformatic-port.js";
function createEventPlatform(deps) {
  const instanceId = deps.settings.instanceId ?? randomUUID();
  const brokers = deps.settings.kafkaBrokers?.split(",").map((b) => b.trim());
  const url = connectionStringOf(deps.db);
  const signals = url && deps.settings.commitSignals ? createCommitSignals({ url, log: deps.log, metrics: deps.metrics }) : void 0;
  const security = brokers ? kafkaSecurityOf(deps.settings) : PLAINTEXT;
  if (brokers && (security.tls || security.sasl))
    deps.log.info({ kafka: describeKafkaSecurity(security) }, "Kafka over TLS/SASL (issue #41)");
  const transport = !brokers ? createLocalTransport({ ...deps, instanceId, signals }) : deps.settings.kafkaClient === "platformatic" ? createPlatformaticTransport({ ...deps, brokers, instanceId, security, signals }) : createKafkaTransport({ ...deps, brokers, instanceId, security, signals });
  return {
    transport: transport.kind,
    startRelay: () => createOutboxRelay({ ...deps, transport, signals }),
    runConsumer: (def) => transport.consumer(def),
    runBroadcast: (opts) => transport.broadcast(withBroadcastSpans(opts)),
    ping: () => transport.ping(),
    activity: signals ? activityOf(signals) : void 0,
    waitForBroker: (cancelled) => transport.waitForBroker(cancelled),
    async close() {
      await transport.close();
      await signals?.close();
    }
  };
}
function kafkaSecurityOf(settings) {
  const resolved = resolveKafkaSecurity(settings);
  if (!resolved.ok) throw new ConfigError(resolved.setting, resolved.reason);
  return resolved.security;
}
function activityOf(signals) {
  return {
    on(listener) {
      const off = [COMMIT_CHANNEL.outbox, COMMIT_CHANNEL.eventLog].map(
        (c) => signals.on(c, () => listener())
      );
      return () => {
        for (const o of off) o();
      };
    },
    listening: () => signals.listening()
  };
}
export {
  createEventPlatform,
  kafkaSecurityOf
};
//# sourceMappingURL=event-platform.js.map
