import { newBootId } from "../../kafka/group-membership.js";
import { kafkaNames } from "../../kafka/kafka-names.js";
import { createConnection, ping, waitForBroker } from "./1-connect.js";
import { kafkaConsumer } from "./5-consumer.js";
import { kafkaBroadcast } from "./6-broadcast.js";
import { produceComplete, relayPublisher } from "./7-publish.js";
const DEFAULT_PARTITIONS = 6;
function createCoreTransport(port, deps) {
  const names = kafkaNames(deps.settings.kafkaNamespace);
  const partitions = deps.tuning?.topicPartitions ?? DEFAULT_PARTITIONS;
  const connection = createConnection(port, deps.log, names, partitions);
  let systemProducer = null;
  const ctx = {
    deps,
    connection,
    bootId: newBootId(),
    async send(m) {
      systemProducer ??= port.producer({ relay: false });
      await produceComplete(connection, systemProducer, [m]);
    }
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
      await systemProducer?.close().catch(() => {
      });
      await port.admin.close().catch(() => {
      });
      systemProducer = null;
    }
  };
}
export {
  createCoreTransport
};
//# sourceMappingURL=transport.js.map
