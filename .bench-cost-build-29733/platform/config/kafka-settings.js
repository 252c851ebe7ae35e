import { SASL_MECHANISMS } from "../events/kafka-security.js";
import { bool, int, oneOf, str } from "./setting-kinds.js";
const KAFKA_OPERATIONS_SETTINGS = {
  // The topic catalogue (`npm run cli -- topics`, issue #40 item 5, decision 0565)
  kafkaTopicPartitions: int(
    "PIN_KAFKA_TOPIC_PARTITIONS",
    6,
    "Partitions of every catalogue topic and DLQ topic `npm run cli -- topics` provisions (it raises, never lowers, a topic's count)",
    1,
    1e3
  ),
  kafkaReplicationFactor: int(
    "PIN_KAFKA_REPLICATION_FACTOR",
    1,
    "Replication factor of the catalogue's topics (`topics` creates them with it); in production a start refuses when a catalogue topic on the broker has fewer replicas. 1 suits one development broker; 3 a production cluster",
    1,
    16
  ),
  kafkaMinInsyncReplicas: int(
    "PIN_KAFKA_MIN_INSYNC_REPLICAS",
    1,
    "min.insync.replicas of the catalogue's topics (at most PIN_KAFKA_REPLICATION_FACTOR): with acks=all a write needs this many replicas in sync; 2 with a replication factor of 3",
    1,
    16
  ),
  kafkaRetentionHours: int(
    "PIN_KAFKA_RETENTION_HOURS",
    168,
    "retention.ms of the catalogue's event topics, in hours (7 days)",
    1,
    87600
  ),
  kafkaDlqRetentionHours: int(
    "PIN_KAFKA_DLQ_RETENTION_HOURS",
    720,
    "retention.ms of the DLQ topics, in hours (30 days: time to look at and replay a dead letter)",
    1,
    87600
  ),
  // Kafka security (issue #41, decisions 0541–0543): TLS and SASL to reach a managed Kafka.
  kafkaTls: bool("KAFKA_TLS", false, "Connect to the Kafka brokers over TLS (SSL or SASL_SSL listeners)"),
  kafkaTlsCaFile: str(
    "KAFKA_TLS_CA_FILE",
    null,
    "PEM CA bundle the brokers' certificates are checked against; empty \u2192 the system's trusted CAs",
    "/etc/pin/kafka/ca.pem"
  ),
  kafkaTlsCertFile: str(
    "KAFKA_TLS_CERT_FILE",
    null,
    "PEM client certificate for mutual TLS (with KAFKA_TLS_KEY_FILE)",
    "/etc/pin/kafka/client.pem"
  ),
  kafkaTlsKeyFile: str(
    "KAFKA_TLS_KEY_FILE",
    null,
    "PEM private key of the client certificate (unencrypted)",
    "/etc/pin/kafka/client.key"
  ),
  kafkaTlsServerName: str(
    "KAFKA_TLS_SERVER_NAME",
    null,
    "Name the brokers' certificates are checked against (SNI) instead of each broker's host"
  ),
  kafkaSaslMechanism: oneOf(
    "KAFKA_SASL_MECHANISM",
    SASL_MECHANISMS,
    "none",
    "SASL authentication to the brokers (with KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD)"
  ),
  kafkaSaslUsername: str("KAFKA_SASL_USERNAME", null, "SASL user name (or API key)"),
  kafkaSaslUsernameFile: str(
    "KAFKA_SASL_USERNAME_FILE",
    null,
    "File holding the SASL user name (a mounted secret), instead of KAFKA_SASL_USERNAME"
  ),
  kafkaSaslPassword: str("KAFKA_SASL_PASSWORD", null, "SASL password (or API secret); prefer the _FILE form"),
  kafkaSaslPasswordFile: str(
    "KAFKA_SASL_PASSWORD_FILE",
    null,
    "File holding the SASL password (a mounted secret; one trailing newline is dropped)",
    "/etc/pin/kafka/password"
  )
};
export {
  KAFKA_OPERATIONS_SETTINGS
};
//# sourceMappingURL=kafka-settings.js.map
