import type { KafkaConfig, SASLOptions } from "kafkajs";
import type { KafkaSecurity } from "../kafka-security.js";

/**
 * The neutral Kafka security (../kafka-security.ts) as kafkajs options: `ssl` with the CA bundle,
 * the client certificate and the server name (kafkajs sets the broker's host as SNI itself unless
 * `servername` is given), `sasl` with the mechanism in kafkajs' lower-case names. Pure.
 */
export function kafkajsSecurity(security: KafkaSecurity): Pick<KafkaConfig, "ssl" | "sasl"> {
  const { tls, sasl } = security;
  const ssl =
    tls === null
      ? undefined
      : {
          ...(tls.ca !== null ? { ca: [tls.ca] } : {}),
          ...(tls.cert !== null && tls.key !== null ? { cert: tls.cert, key: tls.key } : {}),
          ...(tls.serverName !== null ? { servername: tls.serverName } : {}),
        };
  const saslOptions: SASLOptions | undefined = sasl === null ? undefined : ({ ...sasl } as SASLOptions);
  return {
    ...(ssl !== undefined ? { ssl } : {}),
    ...(saslOptions !== undefined ? { sasl: saslOptions } : {}),
  };
}
