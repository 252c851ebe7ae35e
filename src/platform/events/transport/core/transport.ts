import { newBootId } from "../../kafka/group-membership.js";
import { kafkaNames } from "../../kafka/kafka-names.js";
import type { Transport } from "../transport.js";
import { createConnection, ping, waitForBroker } from "./1-connect.js";
import { kafkaConsumer } from "./5-consumer.js";
import { kafkaBroadcast } from "./6-broadcast.js";
import { produceComplete, relayPublisher } from "./7-publish.js";
import type { KafkaTransportDeps, TransportContext } from "./context.js";
import type { KafkaClientPort, ProducerPort } from "./port.js";

const DEFAULT_PARTITIONS = 6;

/**
 * Distributed mode: the Transport of the core on one client's port — Kafka topics, consumer groups,
 * offsets committed after the handler's commit. Broker names (decision 0410): the spec's names,
 * suffixed by PIN_KAFKA_NAMESPACE when set; `wire*` names are on the broker, handlers and
 * broadcast listeners see the spec's.
 */
export function createCoreTransport(port: KafkaClientPort, deps: KafkaTransportDeps): Transport {
  const names = kafkaNames(deps.settings.kafkaNamespace);
  const partitions = deps.tuning?.topicPartitions ?? DEFAULT_PARTITIONS;
  const connection = createConnection(port, deps.log, names, partitions);
  let systemProducer: ProducerPort | null = null;
  const ctx: TransportContext = {
    deps,
    connection,
    bootId: newBootId(),
    async send(m) {
      systemProducer ??= port.producer({ relay: false });
      await produceComplete(connection, systemProducer, [m]);
    },
  };
  return {
    kind: "kafka",
    publisher: async (opts) => relayPublisher(ctx, opts),
    consumer: (def) => kafkaConsumer(ctx, def),
    broadcast: (opts) => kafkaBroadcast(ctx, opts),
    send: ctx.send,
    waitForBroker: (cancelled) => waitForBroker(connection, cancelled),
    ping: () => ping(connection),
    async close() {
      await systemProducer?.close().catch(() => {});
      await port.admin.close().catch(() => {});
      systemProducer = null;
    },
  };
}
