import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { GraphQLSchema } from "graphql";
import type { TokenService } from "../platform/auth/jwt.js";
import type { Viewer } from "../platform/auth/viewer.js";
import { counter, gauge } from "../platform/metrics/registry.js";
import type { ReadinessAnswer } from "../platform/ops/readiness.js";
import type { ApiDeps } from "./context.js";
import { createHttpRouter } from "./http-router.js";
import { LIMITS } from "./security/limits.js";
import { persistedOperationsPlugin } from "./security/persisted-operations.js";
import { developerTools } from "./security/production.js";
import { createRateLimiter, type RateLimiter } from "./security/rate-limiter.js";
import { createRefusalGate } from "./security/refusal-gate.js";
import { createWsLimits } from "./security/ws-limits.js";
import { createGraphqlWsServer } from "./ws-server.js";
import { createApiYoga, GRAPHQL_PATH, sessionReader } from "./yoga.js";

export interface ApiServerOptions {
  readonly deps: ApiDeps;
  readonly schema: GraphQLSchema;
  readonly tokens: TokenService;
  readonly port: number;
  readonly host: string;
  /** GET /dev/token and GraphiQL's prefilled tokens; never true in production (config refuses). */
  readonly devTokens: boolean;
  /** The rates' counter (shared by the replicas or per process); a per-process one when absent. */
  readonly rateLimiter?: RateLimiter;
  /** The process's /readyz (its roles' checks; the operations listener serves the same answer) */
  readonly readiness: () => Promise<ReadinessAnswer>;
  /** /metrics is on the operations listener (PIN_OPS_PORT): the API port answers it 404 */
  readonly metricsOnOpsListener: boolean;
}

export interface ApiServer {
  start(): Promise<{ url: string; port: number }>;
  stop(): Promise<void>;
}

/**
 * The api role: GraphQL over HTTP (yoga, GraphiQL — ./yoga.ts, routed by ./http-router.ts) and
 * over WebSocket (graphql-ws — ./ws-server.ts) sharing one envelop (`yoga.getEnveloped`), so auth,
 * context and plugins are identical on both; plus /healthz, /readyz, /metrics (unless the
 * operations listener serves it) and, in
 * embedded/dev mode only, /dev/token. This file wires them and owns the listeners.
 */
export function createApiServer(options: ApiServerOptions): ApiServer {
  const { deps, tokens } = options;
  const { settings } = deps;
  const refused = counter(
    deps.metrics,
    "pin_api_requests_refused_total",
    "Requests refused by a limit (rate, size, content type, timeout, WebSocket caps)",
    ["reason"],
  );
  const gate = createRefusalGate({ metrics: deps.metrics, refused });
  const tools = developerTools(settings);
  const persisted = persistedOperationsPlugin(settings.graphqlPersistedOperations);
  const limiter = options.rateLimiter ?? createRateLimiter({ maxKeys: LIMITS.rateLimiterMaxKeys });
  const live = createWsLimits({
    settings,
    limiter,
    onRefused: (reason) => refused.inc({ reason }),
    gauge: gauge(deps.metrics, "pin_ws_connections", "Open graphql-ws connections"),
  });
  const sessionFrom = sessionReader(tokens);

  async function viewerFrom(authorization: string | null | undefined): Promise<Viewer | null> {
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
    refused,
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
    viewerFrom,
  });

  // Slow-loris: headers and whole requests must arrive in bounded time. Node checks the two only
  // every connectionsCheckingInterval (30 s by default: headers were cut at ~38 s, issue #42 item 8).
  const httpServer: Server = createServer(
    {
      headersTimeout: LIMITS.httpHeadersTimeoutMs,
      requestTimeout: LIMITS.httpRequestTimeoutMs,
      connectionsCheckingInterval: LIMITS.httpConnectionsCheckingIntervalMs,
    },
    (req, res) => {
      void route(req, res).catch((error: unknown) => {
        deps.log.error({ err: error }, "http handler failed");
        if (!res.headersSent) res.writeHead(500).end("internal error");
      });
    },
  );

  const wsServer = createGraphqlWsServer({ httpServer, yoga, tokens, settings, persisted, live });

  return {
    async start() {
      const listen = (server: Server, port: number, host: string) =>
        new Promise<number>((resolve, reject) => {
          server.once("error", reject);
          server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
        });
      const port = await listen(httpServer, options.port, options.host);
      return { url: `http://${options.host}:${port}${GRAPHQL_PATH}`, port };
    },
    async stop() {
      await wsServer.dispose();
      gate.stop();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
