import { createServer } from "node:http";
import { counter, gauge } from "../platform/metrics/registry.js";
import { createHttpRouter } from "./http-router.js";
import { LIMITS } from "./security/limits.js";
import { persistedOperationsPlugin } from "./security/persisted-operations.js";
import { developerTools } from "./security/production.js";
import { createRateLimiter } from "./security/rate-limiter.js";
import { createRefusalGate } from "./security/refusal-gate.js";
import { createWsLimits } from "./security/ws-limits.js";
import { createGraphqlWsServer } from "./ws-server.js";
import { createApiYoga, GRAPHQL_PATH, sessionReader } from "./yoga.js";
function createApiServer(options) {
  const { deps, tokens } = options;
  const { settings } = deps;
  const refused = counter(
    deps.metrics,
    "pin_api_requests_refused_total",
    "Requests refused by a limit (rate, size, content type, timeout, WebSocket caps)",
    ["reason"]
  );
  const gate = createRefusalGate({ metrics: deps.metrics, refused });
  const tools = developerTools(settings);
  const persisted = persistedOperationsPlugin(settings.graphqlPersistedOperations);
  const limiter = options.rateLimiter ?? createRateLimiter({ maxKeys: LIMITS.rateLimiterMaxKeys });
  const live = createWsLimits({
    settings,
    limiter,
    onRefused: (reason) => refused.inc({ reason }),
    gauge: gauge(deps.metrics, "pin_ws_connections", "Open graphql-ws connections")
  });
  const sessionFrom = sessionReader(tokens);
  async function viewerFrom(authorization) {
    return (await sessionFrom(authorization))?.viewer ?? null;
  }
  const yoga = createApiYoga({
    deps,
    schema: options.schema,
    tokens,
    devTokens: options.devTokens,
    tools,
    persisted,
    limiter,
    live,
    refused
  });
  const route = createHttpRouter({
    deps,
    yoga,
    tokens,
    devTokens: options.devTokens,
    tools,
    limiter,
    refused,
    gate,
    readiness: options.readiness,
    metricsOnOwnListener: options.metricsOnOpsListener,
    viewerFrom
  });
  const httpServer = createServer(
    {
      headersTimeout: LIMITS.httpHeadersTimeoutMs,
      requestTimeout: LIMITS.httpRequestTimeoutMs,
      connectionsCheckingInterval: LIMITS.httpConnectionsCheckingIntervalMs
    },
    (req, res) => {
      void route(req, res).catch((error) => {
        deps.log.error({ err: error }, "http handler failed");
        if (!res.headersSent) res.writeHead(500).end("internal error");
      });
    }
  );
  const wsServer = createGraphqlWsServer({ httpServer, yoga, tokens, settings, persisted, live });
  return {
    async start() {
      const listen = (server, port2, host) => new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port2, host, () => resolve(server.address().port));
      });
      const port = await listen(httpServer, options.port, options.host);
      return { url: `http://${options.host}:${port}${GRAPHQL_PATH}`, port };
    },
    async stop() {
      await wsServer.dispose();
      gate.stop();
      httpServer.closeAllConnections();
      await new Promise((resolve) => httpServer.close(() => resolve()));
    }
  };
}
export {
  createApiServer
};
//# sourceMappingURL=server.js.map
