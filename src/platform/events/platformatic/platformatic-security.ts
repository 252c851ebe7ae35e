import { isIP } from "node:net";
import type { ConnectionOptions } from "node:tls";
import type { SASLOptions } from "@platformatic/kafka";
import type { KafkaSecurity, SaslMechanism } from "../kafka-security.js";

const MECHANISM: Readonly<Record<SaslMechanism, SASLOptions["mechanism"]>> = {
  plain: "PLAIN",
  "scram-sha-256": "SCRAM-SHA-256",
  "scram-sha-512": "SCRAM-SHA-512",
};

/** "host:port" or "[v6]:port" → host */
const hostOf = (broker: string): string => broker.replace(/:\d+$/, "").replace(/^\[(.*)\]$/, "$1");

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
export function platformaticSecurity(
  security: KafkaSecurity,
  brokers: readonly string[] = [],
): PlatformaticSecurityOptions {
  const { tls, sasl } = security;
  return {
    ...(tls !== null
      ? {
          tls: {
            ...(tls.ca !== null ? { ca: [tls.ca] } : {}),
            ...(tls.cert !== null && tls.key !== null ? { cert: tls.cert, key: tls.key } : {}),
          },
          // SNI as kafkajs sends it: the broker's host name, none for an IP address (RFC 6066)
          tlsServerName: tls.serverName ?? !brokers.every((b) => isIP(hostOf(b)) !== 0),
        }
      : {}),
    ...(sasl !== null
      ? { sasl: { mechanism: MECHANISM[sasl.mechanism], username: sasl.username, password: sasl.password } }
      : {}),
  };
}
