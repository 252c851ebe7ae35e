function kafkajsSecurity(security) {
  const { tls, sasl } = security;
  const ssl = tls === null ? void 0 : {
    ...tls.ca !== null ? { ca: [tls.ca] } : {},
    ...tls.cert !== null && tls.key !== null ? { cert: tls.cert, key: tls.key } : {},
    ...tls.serverName !== null ? { servername: tls.serverName } : {}
  };
  const saslOptions = sasl === null ? void 0 : { ...sasl };
  return {
    ...ssl !== void 0 ? { ssl } : {},
    ...saslOptions !== void 0 ? { sasl: saslOptions } : {}
  };
}
export {
  kafkajsSecurity
};
//# sourceMappingURL=kafkajs-security.js.map
