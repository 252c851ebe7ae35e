const DEFAULT_OPS_PORT = 9464;
const DEFAULT_OPS_HOST = "127.0.0.1";
function opsListenerFor(settings) {
  const deprecated = [];
  let port = settings.opsPort;
  if (port === null && settings.metricsPort !== null) {
    port = settings.metricsPort;
    deprecated.push("PIN_METRICS_PORT");
  }
  let host = settings.opsHost;
  if (host === null && settings.metricsHost !== null) {
    host = settings.metricsHost;
    deprecated.push("PIN_METRICS_HOST");
  }
  if (port === null && settings.nodeEnv === "production") port = DEFAULT_OPS_PORT;
  if (port === null) return null;
  return { port, host: host ?? DEFAULT_OPS_HOST, deprecated };
}
export {
  DEFAULT_OPS_HOST,
  DEFAULT_OPS_PORT,
  opsListenerFor
};
//# sourceMappingURL=ops-listener.js.map
