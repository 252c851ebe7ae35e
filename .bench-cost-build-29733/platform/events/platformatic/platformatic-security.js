import { isIP } from "node:net";
const MECHANISM = {
  plain: "PLAIN",
  "scram-sha-256": "SCRAM-SHA-256",
  "scram-sha-512": "SCRAM-SHA-512"
};
const hostOf = (broker) => broker.replace(/:\d+$/, "").replace(/^\[(.*)\]$/, "$1");
function platformaticSecurity(security, brokers = []) {
  const { tls, sasl } = security;
  return {
    ...tls !== null ? {
      tls: {
        ...tls.ca !== null ? { ca: [tls.ca] } : {},
        ...tls.cert !== null && tls.key !== null ? { cert: tls.cert, key: tls.key } : {}
      },
      // SNI as kafkajs sends it: the broker's host name, none for an IP address (RFC 6066)
      tlsServerName: tls.serverName ?? !brokers.every((b) => isIP(hostOf(b)) !== 0)
    } : {},
    ...sasl !== null ? { sasl: { mechanism: MECHANISM[sasl.mechanism], username: sasl.username, password: sasl.password } } : {}
  };
}
export {
  platformaticSecurity
};
//# sourceMappingURL=platformatic-security.js.map
