import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ExecutionArgs } from "graphql";
import { GraphQLError, type GraphQLSchema } from "graphql";
import type { OperationResult, Context as WsContext } from "graphql-ws";
import { useServer } from "graphql-ws/use/ws";
import { createYoga, type Plugin, type YogaServerInstance } from "graphql-yoga";
import { type WebSocket, WebSocketServer } from "ws";
import { DEMO_USERS } from "../platform/auth/demo-users.js";
import { bearerToken, TokenError, type TokenService, type VerifiedSession } from "../platform/auth/jwt.js";
import { ROLES, type UserRole, type Viewer } from "../platform/auth/viewer.js";
import { DomainError } from "../platform/errors/domain-error.js";
import { counter, gauge, histogram } from "../platform/metrics/registry.js";
import type { ApiDeps, GraphQLContext } from "./context.js";
import { demoAsset } from "./demo-pages.js";
import { devGraphiqlOptions, renderGraphiQL } from "./graphiql.js";
import { routeProjectionsRebuild } from "./rest/projections-rebuild.route.js";
import { wsGraphQLError } from "./scalars/input-error.js";
import { armorPlugins } from "./security/armor.js";
import { cachedFor } from "./security/cached-answer.js";
import { useDocumentDepthGuard } from "./security/document-depth.js";
import { clientAddress, httpRefusal, requestIdOf } from "./security/http-guard.js";
import { useInputGuard } from "./security/input-guard.js";
import { LIMITS } from "./security/limits.js";
import { useNoInternalDetail } from "./security/no-internal-detail.js";
import { operationLabels } from "./security/operation-label.js";
import { persistedMessageReviver, persistedOperationsPlugin } from "./security/persisted-operations.js";
import { corsFor, developerTools, useNoIntrospection } from "./security/production.js";
import { createRateLimiter, type RateLimiter, ROWS_PER_RATE_UNIT } from "./security/rate-limiter.js";
import {
  abortRequestScope,
  currentRequestScope,
  newRequestScope,
  type RequestScope,
  runInRequestScope,
  timeoutError,
} from "./security/request-scope.js";
import { useSseLimits } from "./security/sse-limits.js";
import { createWsLimits } from "./security/ws-limits.js";
import { useSharedSubscriptionExecution } from "./shared-subscription-execution.js";

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

const GRAPHQL_PATH = "/graphql";
const READY_CHECK_TIMEOUT_MS = 3_000;
const READY_CACHE_MS = 1_000;

interface ServerContext {
  readonly req?: IncomingMessage;
  readonly connectionParams?: Record<string, unknown>;
}

/**
 * The api role: GraphQL over HTTP (yoga, GraphiQL) and over WebSocket (graphql-ws) sharing one
 * envelop (`yoga.getEnveloped`), so auth, context and plugins are identical on both; plus
 * /metrics, /healthz, /readyz and, in embedded/dev mode only, /dev/token.
 */
export function createApiServer(options: ApiServerOptions): ApiServer {
  const { deps, tokens } = options;
  const { settings } = deps;
  const requests = counter(deps.metrics, "pin_graphql_operations_total", "GraphQL operations", [
    "operation",
    "field",
    "result",
  ]);
  const duration = histogram(
    deps.metrics,
    "pin_graphql_operation_duration_seconds",
    "GraphQL operation duration",
    ["operation", "field"],
  );
  const refused = counter(
    deps.metrics,
    "pin_api_requests_refused_total",
    "Requests refused by a limit (rate, size, content type, timeout, WebSocket caps)",
    ["reason"],
  );
  const tools = developerTools(settings);
  const persisted = persistedOperationsPlugin(settings.graphqlPersistedOperations);
  const knownOperations = new Set([...settings.graphqlOperationNames, ...persisted.operationNames]);
  const limiter = options.rateLimiter ?? createRateLimiter({ maxKeys: LIMITS.rateLimiterMaxKeys });
  const live = createWsLimits({
    settings,
    limiter,
    onRefused: (reason) => refused.inc({ reason }),
    gauge: gauge(deps.metrics, "pin_ws_connections", "Open graphql-ws connections"),
  });
  const separateMetrics = metricsListener(settings);
  // /readyz is open to anyone: its checks run at most once a second, whatever the call rate.
  const readiness = cachedFor(READY_CACHE_MS, () => runReadiness(options.readiness));

  async function viewerFrom(authorization: string | null | undefined): Promise<Viewer | null> {
    return (await sessionFrom(authorization))?.viewer ?? null;
  }

  async function sessionFrom(authorization: string | null | undefined): Promise<VerifiedSession | null> {
    const token = bearerToken(authorization);
    if (!token) return null;
    try {
      return await tokens.verifySession(token);
    } catch (error) {
      if (error instanceof TokenError) {
        throw new GraphQLError(error.message, {
          extensions: { code: "UNAUTHENTICATED", http: { status: 401 } },
        });
      }
      throw error;
    }
  }

  const yoga: YogaServerInstance<ServerContext, GraphQLContext> = createYoga<ServerContext, GraphQLContext>({
    schema: options.schema,
    graphqlEndpoint: GRAPHQL_PATH,
    logging: false,
    // Never internal detail in a response (no originalError/stack even in development): logs have it.
    maskedErrors: {
      isDev: false,
      maskError(error, message) {
        const original = (error as GraphQLError).originalError;
        // By name, not instanceof: under vitest src/ gets graphql's .mjs build while the executor
        // and Pothos get the .js one, so instanceof masked every deliberate GraphQLError in tests.
        const isGraphQLError = (e: unknown) => e instanceof Error && e.name === "GraphQLError";
        if (isGraphQLError(error) && (!original || isGraphQLError(original))) return error as GraphQLError;
        // An expected failure on a field without typed error results (e.g. the auth scope of a
        // connection field) keeps its stable code instead of becoming "Unexpected error.".
        if (original instanceof DomainError) {
          const gqlError = error as GraphQLError;
          return new GraphQLError(original.message, {
            nodes: gqlError.nodes,
            path: gqlError.path,
            extensions: { code: original.code, category: original.category },
          });
        }
        deps.log.error({ err: original ?? error }, "unexpected error in resolver");
        return new GraphQLError(message, { extensions: { code: "INTERNAL_SERVER_ERROR" } });
      },
    },
    graphiql: !tools.graphiql ? false : options.devTokens ? () => devGraphiqlOptions(tokens) : true,
    // The GraphiQL page inlines its bundle and editor workers: no CDN (src/graphql/graphiql.ts).
    renderGraphiQL,
    landingPage: false,
    // Bodies are bounded before yoga sees them (httpRefusal: JSON with a Content-Length ≤
    // LIMITS.maxBodyBytes, chunked refused, and Node reads no more than that length), so yoga's
    // own 25 MB limiter — a TransformStream and a second Request per call — only cost time (0200).
    maxRequestBodySize: false,
    cors: corsFor(settings),
    context: async ({ request, connectionParams, req }): Promise<GraphQLContext> => {
      const header =
        typeof connectionParams?.authorization === "string"
          ? connectionParams.authorization
          : request?.headers.get("authorization");
      const session = await sessionFrom(header);
      const viewer = session?.viewer ?? null;
      // Over HTTP every request counts against its caller (graphql-ws counts per operation).
      if (req && !connectionParams) {
        const key = viewer ? `user:${viewer.userId}` : `anon:${clientAddress(req, settings)}`;
        const limit = viewer ? settings.rateLimitUserPerMinute : settings.rateLimitAnonymousPerMinute;
        const scope = currentRequestScope();
        if (scope) scope.rateKey = key;
        const taken = limiter.take(key, limit);
        if (!taken.ok) {
          refused.inc({ reason: viewer ? "rate_user" : "rate_anonymous" });
          throw new GraphQLError("Too many requests; slow down", {
            extensions: {
              code: "RATE_LIMITED",
              http: { status: 429, headers: { "retry-after": String(taken.retryAfterSeconds) } },
            },
          });
        }
      }
      const requestId = requestIdOf(request?.headers.get("x-request-id"));
      return {
        viewer,
        deps,
        requestId,
        clientAddress: req ? clientAddress(req, settings) : null,
        transport: connectionParams ? "ws" : "http",
        tokenExpiresAtMs: session?.expiresAtMs ?? null,
        log: deps.log.child({ requestId, userId: viewer?.userId }),
      };
    },
    // GraphQL-over-HTTP persisted documents send `documentId` (yoga refuses unknown parameters).
    extraParamNames: ["documentId"],
    plugins: [
      // Before anything parses: a deeply nested document overflows graphql-js' recursive parser.
      useDocumentDepthGuard(),
      ...(persisted.plugin ? [persisted.plugin] : []),
      ...armorPlugins(),
      useInputGuard(),
      useNoInternalDetail(),
      ...(tools.introspection ? [] : [useNoIntrospection()]),
      // One execution per (event, document + variables) for opted-in subscriptions (decision 0007).
      useSharedSubscriptionExecution(),
      {
        onExecute({ args }: { args: ExecutionArgs }) {
          const labels = operationLabels(knownOperations, args.document, args.operationName);
          const end = duration.startTimer(labels);
          return {
            onExecuteDone({ result }: { result: unknown }) {
              end();
              const failed =
                typeof result === "object" &&
                result !== null &&
                "errors" in result &&
                Array.isArray(result.errors);
              requests.inc({ ...labels, result: failed ? "error" : "ok" });
            },
          };
        },
      } as Plugin,
      // Last: it wraps the subscribe function the plugins above settled on.
      useSseLimits(live),
    ],
  });

  const httpServer: Server = createServer((req, res) => {
    void route(req, res).catch((error: unknown) => {
      deps.log.error({ err: error }, "http handler failed");
      if (!res.headersSent) res.writeHead(500).end("internal error");
    });
  });
  // Slow-loris: headers and whole requests must arrive in bounded time.
  httpServer.headersTimeout = LIMITS.httpHeadersTimeoutMs;
  httpServer.requestTimeout = LIMITS.httpRequestTimeoutMs;

  const metricsServer: Server | null = separateMetrics
    ? createServer((req, res) => {
        const path = new URL(req.url ?? "/", "http://localhost").pathname;
        if (path !== "/metrics") return void res.writeHead(404).end();
        void serveMetrics(res);
      })
    : null;

  async function serveMetrics(res: ServerResponse): Promise<void> {
    res.writeHead(200, { "content-type": deps.metrics.contentType });
    res.end(await deps.metrics.metrics());
  }

  /** GraphQL over HTTP: caller rate, size and content-type checks, then yoga under a deadline. */
  async function graphqlOverHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const address = clientAddress(req, settings);
    const perAddress = limiter.take(`addr:${address}`, settings.rateLimitAddressPerMinute);
    if (!perAddress.ok) {
      refused.inc({ reason: "rate_address" });
      return json(res, 429, graphqlErrorBody("Too many requests; slow down", "RATE_LIMITED"), {
        "retry-after": String(perAddress.retryAfterSeconds),
      });
    }
    const refusal = httpRefusal(req);
    if (refusal) {
      refused.inc({ reason: refusal.reason });
      return json(res, refusal.status, graphqlErrorBody(refusal.message, refusal.code));
    }
    const scope: RequestScope = newRequestScope(settings.requestDbConcurrency);
    const timer = setTimeout(() => {
      // A started subscription stream (SSE) is not a request's answer: its token's expiry ends it.
      if (scope.live && res.headersSent) return;
      abortRequestScope(scope);
      refused.inc({ reason: "timeout" });
      if (!res.headersSent) {
        const error = timeoutError();
        json(res, 503, graphqlErrorBody(error.message, "REQUEST_TIMEOUT"));
      }
    }, settings.requestTimeoutMs);
    try {
      // requestListener also writes the Response to `res` (handleNodeRequestAndResponse only returns it).
      await runInRequestScope(scope, () => yoga.requestListener(req, res));
    } catch (error) {
      if (!scope.aborted) throw error;
    } finally {
      clearTimeout(timer);
      // Data-dependent cost counts against the caller's rate: every ROWS_PER_RATE_UNIT rows read = one request.
      if (scope.rateKey) limiter.charge(scope.rateKey, Math.floor(scope.rows / ROWS_PER_RATE_UNIT));
    }
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/healthz") return json(res, 200, { status: "ok" });
    if (url.pathname === "/readyz") {
      const checks = await readiness();
      const ok = Object.values(checks).every((v) => v === true);
      return json(res, ok ? 200 : 503, { status: ok ? "ready" : "not ready", checks });
    }
    if (url.pathname === "/metrics" && !metricsServer) return serveMetrics(res);
    if (url.pathname === "/dev/token" && options.devTokens) {
      const role = url.searchParams.get("role") ?? "agent";
      if (!(ROLES as readonly string[]).includes(role)) {
        return json(res, 400, {
          code: "DEV_TOKEN_UNKNOWN_ROLE",
          message: `role must be one of ${ROLES.join(", ")}`,
        });
      }
      const user = DEMO_USERS[role as UserRole];
      const token = await tokens.sign({
        userId: user.userId,
        roles: [role as UserRole],
        tenantId: user.tenantId,
      });
      return json(res, 200, { role, userId: user.userId, tenantId: user.tenantId, name: user.name, token });
    }
    if (
      await routeProjectionsRebuild(req, res, url.pathname, {
        services: deps.services,
        log: deps.log,
        viewerFrom,
      })
    )
      return;
    // Demo pages (/demo/chessboard) sign in through /dev/token: embedded/dev mode only.
    const demo = options.devTokens && req.method === "GET" ? demoAsset(url.pathname) : undefined;
    if (demo) {
      res.writeHead(200, { "content-type": demo.contentType, "cache-control": "no-cache" });
      res.end(demo.body);
      return;
    }
    if (url.pathname === "/" && tools.graphiql) {
      res.writeHead(302, { location: GRAPHQL_PATH }).end();
      return;
    }
    if (url.pathname !== GRAPHQL_PATH) return json(res, 404, graphqlErrorBody("Not found", "NOT_FOUND"));
    return graphqlOverHttp(req, res);
  }

  // Frames above wsMaxPayloadBytes close the connection (1009) before they are buffered whole.
  const wsServer = new WebSocketServer({
    server: httpServer,
    path: GRAPHQL_PATH,
    maxPayload: LIMITS.wsMaxPayloadBytes,
  });
  const ws = live;
  wsServer.on("connection", (socket: WebSocket) => ws.onSocket(socket));
  const wsCleanup = useServer<Record<string, unknown>>(
    {
      connectionInitWaitTimeout: LIMITS.wsConnectionInitTimeoutMs,
      // persisted operations: a subscribe message with an id and no `query` (see the reviver)
      ...(persisted.lookup ? { jsonMessageReviver: persistedMessageReviver } : {}),
      // graphql-ws authenticates once, on connection_init; a bad or missing token closes with 4403.
      onConnect: async (ctx: WsContext<Record<string, unknown>>) => {
        const authorization = ctx.connectionParams?.authorization;
        if (typeof authorization !== "string") return false;
        let session: VerifiedSession;
        try {
          session = await tokens.verifySession(bearerToken(authorization) ?? "");
        } catch {
          return false;
        }
        return ws.admitUser(
          (ctx.extra as { socket: WebSocket }).socket,
          session.viewer.userId,
          session.expiresAtMs,
        );
      },
      execute: (args) => (args.rootValue as EnvelopedRoot).execute(args),
      subscribe: (args) => (args.rootValue as EnvelopedRoot).subscribe(args),
      onSubscribe: async (ctx, id, params) => {
        const socket = ctx.extra.socket as WebSocket;
        const admitted = ws.admitOperation(socket, id);
        if (admitted) return [admitted];
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          ...ctx,
          connectionParams: ctx.connectionParams,
          params,
        });
        let query = params.query;
        if (persisted.lookup) {
          const found = persisted.lookup(params as typeof params & { documentId?: unknown });
          if (!found.ok) {
            ws.release(socket, id);
            return [wsGraphQLError(found.message, found.code)];
          }
          query = found.document;
        }
        // A refusal in parse or validate (depth, aliases, tokens, nesting) fails this operation
        // only: thrown out of onSubscribe it would close the whole socket (4500).
        let document: ReturnType<typeof parse>;
        try {
          document = parse(query);
        } catch (error) {
          ws.release(socket, id);
          return [operationError(error, "GRAPHQL_PARSE_FAILED")];
        }
        let errors: readonly GraphQLError[];
        try {
          errors = validate(schema, document);
        } catch (error) {
          errors = [operationError(error, "GRAPHQL_VALIDATION_FAILED")];
        }
        if (errors.length > 0) {
          ws.release(socket, id);
          return errors.map((error) => operationError(error, "GRAPHQL_VALIDATION_FAILED"));
        }
        const scope = newRequestScope(settings.requestDbConcurrency);
        return {
          schema,
          operationName: params.operationName,
          document,
          variableValues: params.variables,
          contextValue: await contextFactory(),
          rootValue: {
            execute: (args: ExecutionArgs) => runInRequestScope(scope, () => execute(args)),
            subscribe: async (args: ExecutionArgs) =>
              stoppable(await runInRequestScope(scope, () => subscribe(args)), () => ws.release(socket, id)),
          },
        };
      },
      onComplete: (ctx, id) => ws.release((ctx.extra as { socket: WebSocket }).socket, id),
    },
    wsServer,
  );

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
      await wsCleanup.dispose();
      await new Promise<void>((resolve) => wsServer.close(() => resolve()));
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      if (metricsServer?.listening) {
        metricsServer.closeAllConnections();
        await new Promise<void>((resolve) => metricsServer.close(() => resolve()));
      }
    },
  };
}

/**
 * graphql-ws stops a subscription on the client's `complete` only when it looks like an async
 * generator (it calls return()); this wrapper makes every subscription stoppable at once — even
 * while it waits for its next event — freeing the user's subscription slot and the source's listener.
 */
function stoppable<T>(result: T, onStop: () => void): T {
  if (typeof result !== "object" || result === null || !(Symbol.asyncIterator in result)) return result;
  const inner = (result as unknown as AsyncIterable<unknown>)[Symbol.asyncIterator]();
  const stop = async (value?: unknown) => {
    onStop();
    await inner.return?.(value);
    return { done: true as const, value };
  };
  const iterator = {
    [Symbol.asyncIterator]: () => iterator,
    next: () => inner.next(),
    return: stop,
    throw: async (error: unknown) => {
      await stop();
      throw error;
    },
  };
  return iterator as unknown as T;
}

/**
 * An error for one graphql-ws operation, built with the graphql module graphql-ws checks against:
 * the refusal's own message and code (e.g. DOCUMENT_TOO_DEEP), or `fallback`.
 */
function operationError(error: unknown, fallback: string): GraphQLError {
  const code = (error as { extensions?: { code?: unknown } } | null)?.extensions?.code;
  const message = error instanceof Error ? error.message : "Invalid operation";
  return wsGraphQLError(message, typeof code === "string" ? code : fallback);
}

interface EnvelopedRoot {
  execute: (args: ExecutionArgs) => OperationResult;
  subscribe: (args: ExecutionArgs) => OperationResult;
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function graphqlErrorBody(message: string, code: string) {
  return { errors: [{ message, extensions: { code } }] };
}

async function runReadiness(
  checks: Record<string, () => Promise<boolean | string>>,
): Promise<Record<string, boolean | string>> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      const timeout = new Promise<boolean | string>((resolve) =>
        setTimeout(() => resolve(false), READY_CHECK_TIMEOUT_MS).unref(),
      );
      const ok = await Promise.race([check().catch(() => false), timeout]);
      return [name, ok] as const;
    }),
  );
  return Object.fromEntries(entries);
}
