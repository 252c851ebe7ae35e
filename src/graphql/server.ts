import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { GraphQLSchema } from "graphql";
import type { TokenService } from "../platform/auth/jwt.js";
import type { Viewer } from "../platform/auth/viewer.js";
import { counter, gauge } from "../platform/metrics/registry.js";
import type { ApiDeps } from "./context.js";
import { createHttpRouter, serveMetrics } from "./http-router.js";
import { LIMITS } from "./security/limits.js";
import { persistedOperationsPlugin } from "./security/persisted-operations.js";
import { developerTools } from "./security/production.js";
import { createRateLimiter, type RateLimiter } from "./security/rate-limiter.js";
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
  /**
   * Named readiness checks for /readyz: the database, and the broker/ClickHouse where configured.
   * A check answers true when ready, else false or a word for what is missing ("connecting").
   */
  readonly readiness: Record<string, () => Promise<boolean | string>>;
}

/** Metrics on their own listener (production always; elsewhere when PIN_METRICS_PORT is set). */
function metricsListener(settings: ApiDeps["settings"]): { port: number; host: string } | null {
  if (settings.metricsPort !== null)
    return { port: settings.metricsPort, host: settings.metricsHost ?? "127.0.0.1" };
  if (settings.nodeEnv === "production") return { port: 9464, host: settings.metricsHost ?? "127.0.0.1" };
  return null;
}

export interface ApiServer {
  start(): Promise<{ url: string; port: number; metricsUrl: string | null }>;
  stop(): Promise<void>;
}

/**
 * The api role: GraphQL over HTTP (yoga, GraphiQL — ./yoga.ts, routed by ./http-router.ts) and
 * over WebSocket (graphql-ws — ./ws-server.ts) sharing one envelop (`yoga.getEnveloped`), so auth,
 * context and plugins are identical on both; plus /metrics, /healthz, /readyz and, in
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
  const tools = developerTools(settings);
  const persisted = persistedOperationsPlugin(settings.graphqlPersistedOperations);
  const limiter = options.rateLimiter ?? createRateLimiter({ maxKeys: LIMITS.rateLimiterMaxKeys });
  const live = createWsLimits({
    settings,
    limiter,
    onRefused: (reason) => refused.inc({ reason }),
    gauge: gauge(deps.metrics, "pin_ws_connections", "Open graphql-ws connections"),
  });
  const separateMetrics = metricsListener(settings);
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
    readiness: options.readiness,
    metricsOnOwnListener: separateMetrics !== null,
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

  const metricsServer: Server | null = separateMetrics
    ? createServer((req, res) => {
        const path = new URL(req.url ?? "/", "http://localhost").pathname;
        if (path !== "/metrics") return void res.writeHead(404).end();
        void serveMetrics(deps.metrics, res);
      })
    : null;

  const wsServer = createGraphqlWsServer({ httpServer, yoga, tokens, settings, persisted, live });

  return {
    async start() {
      const listen = (server: Server, port: number, host: string) =>
        new Promise<number>((resolve, reject) => {
          server.once("error", reject);
          server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
        });
      const port = await listen(httpServer, options.port, options.host);
      let metricsUrl: string | null = `http://${options.host}:${port}/metrics`;
      if (metricsServer && separateMetrics) {
        const metricsPort = await listen(metricsServer, separateMetrics.port, separateMetrics.host);
        metricsUrl = `http://${separateMetrics.host}:${metricsPort}/metrics`;
      }
      return { url: `http://${options.host}:${port}${GRAPHQL_PATH}`, port, metricsUrl };
    },
    async stop() {
      await wsServer.dispose();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      if (metricsServer?.listening) {
        metricsServer.closeAllConnections();
        await new Promise<void>((resolve) => metricsServer.close(() => resolve()));
      }
    },
  };
}
