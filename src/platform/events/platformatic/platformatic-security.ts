import type { ConnectionOptions } from "node:tls";
import type { SASLOptions } from "@platformatic/kafka";
import type { KafkaSecurity, SaslMechanism } from "../kafka-security.js";

const MECHANISM: Readonly<Record<SaslMechanism, SASLOptions["mechanism"]>> = {
  plain: "PLAIN",
  "scram-sha-256": "SCRAM-SHA-256",
  "scram-sha-512": "SCRAM-SHA-512",
};

export interface PlatformaticSecurityOptions {
  tls?: ConnectionOptions;
  tlsServerName?: string | boolean;
  sasl?: SASLOptions;
}

/**
 * The neutral Kafka security (../kafka-security.ts) as @platformatic/kafka client options: `tls`
 * (node:tls options: CA bundle, client certificate), `tlsServerName` (the SNI name; `true` = each
 * broker's host, as kafkajs does by default) and `sasl` with the mechanism's upper-case name. Pure.
 */
export function platformaticSecurity(security: KafkaSecurity): PlatformaticSecurityOptions {
  const { tls, sasl } = security;
  return {
    ...(tls !== null
      ? {
          tls: {
            ...(tls.ca !== null ? { ca: [tls.ca] } : {}),
            ...(tls.cert !== null && tls.key !== null ? { cert: tls.cert, key: tls.key } : {}),
          },
          tlsServerName: tls.serverName ?? true,
        }
      : {}),
    ...(sasl !== null
      ? { sasl: { mechanism: MECHANISM[sasl.mechanism], username: sasl.username, password: sasl.password } }
      : {}),
  };
}
