import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ExecutionArgs } from "graphql";
import { GraphQLError, type GraphQLSchema, getOperationAST } from "graphql";
import type { OperationResult, Context as WsContext } from "graphql-ws";
import { useServer } from "graphql-ws/use/ws";
import { createYoga, type YogaServerInstance } from "graphql-yoga";
import { WebSocketServer } from "ws";
import { DEMO_USERS } from "../platform/auth/demo-users.js";
import { bearerToken, TokenError, type TokenService } from "../platform/auth/jwt.js";
import { ROLES, type UserRole, type Viewer } from "../platform/auth/viewer.js";
import { DomainError } from "../platform/errors/domain-error.js";
import { counter, histogram } from "../platform/metrics/registry.js";
import type { ApiDeps, GraphQLContext } from "./context.js";
import { demoAsset } from "./demo-pages.js";
import { devGraphiqlOptions, renderGraphiQL } from "./graphiql.js";
import { useSharedSubscriptionExecution } from "./shared-subscription-execution.js";

export interface ApiServerOptions {
  readonly deps: ApiDeps;
  readonly schema: GraphQLSchema;
  readonly tokens: TokenService;
  readonly port: number;
  readonly host: string;
  /** GET /dev/token and GraphiQL's prefilled tokens; never true in production (config refuses). */
  readonly devTokens: boolean;
  /** Named readiness checks for /readyz: the database, and the broker/ClickHouse where configured. */
  readonly readiness: Record<string, () => Promise<boolean>>;
}

export interface ApiServer {
  start(): Promise<{ url: string; port: number }>;
  stop(): Promise<void>;
}

const GRAPHQL_PATH = "/graphql";
const READY_CHECK_TIMEOUT_MS = 3_000;

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
  const requests = counter(deps.metrics, "pin_graphql_operations_total", "GraphQL operations", [
    "operation",
    "result",
  ]);
  const duration = histogram(
    deps.metrics,
    "pin_graphql_operation_duration_seconds",
    "GraphQL operation duration",
    ["operation"],
  );

  async function viewerFrom(authorization: string | null | undefined): Promise<Viewer | null> {
    const token = bearerToken(authorization);
    if (!token) return null;
    try {
      return await tokens.verify(token);
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
    maskedErrors: {
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
    graphiql: options.devTokens ? () => devGraphiqlOptions(tokens) : true,
    // The GraphiQL page inlines its bundle and editor workers: no CDN (src/graphql/graphiql.ts).
    renderGraphiQL,
    context: async ({ request, connectionParams }): Promise<GraphQLContext> => {
      const header =
        typeof connectionParams?.authorization === "string"
          ? connectionParams.authorization
          : request?.headers.get("authorization");
      const viewer = await viewerFrom(header);
      const requestId = request?.headers.get("x-request-id") ?? randomUUID();
      return { viewer, deps, requestId, log: deps.log.child({ requestId, userId: viewer?.userId }) };
    },
    plugins: [
      // One execution per (event, document + variables) for opted-in subscriptions (decision 0007).
      useSharedSubscriptionExecution(),
      {
        onExecute({ args }: { args: ExecutionArgs }) {
          const operation = args.operationName ?? getOperationAST(args.document)?.name?.value ?? "anonymous";
          const end = duration.startTimer({ operation });
          return {
            onExecuteDone({ result }: { result: unknown }) {
              end();
              const failed =
                typeof result === "object" &&
                result !== null &&
                "errors" in result &&
                Array.isArray(result.errors);
              requests.inc({ operation, result: failed ? "error" : "ok" });
            },
          };
        },
      },
    ],
  });

  const httpServer: Server = createServer((req, res) => {
    void route(req, res).catch((error: unknown) => {
      deps.log.error({ err: error }, "http handler failed");
      if (!res.headersSent) res.writeHead(500).end("internal error");
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/healthz") return json(res, 200, { status: "ok" });
    if (url.pathname === "/readyz") {
      const checks = await runReadiness(options.readiness);
      const ok = Object.values(checks).every(Boolean);
      return json(res, ok ? 200 : 503, { status: ok ? "ready" : "not ready", checks });
    }
    if (url.pathname === "/metrics") {
      res.writeHead(200, { "content-type": deps.metrics.contentType });
      res.end(await deps.metrics.metrics());
      return;
    }
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
    // Demo pages (/demo/chessboard) sign in through /dev/token: embedded/dev mode only.
    const demo = options.devTokens && req.method === "GET" ? demoAsset(url.pathname) : undefined;
    if (demo) {
      res.writeHead(200, { "content-type": demo.contentType, "cache-control": "no-cache" });
      res.end(demo.body);
      return;
    }
    if (url.pathname === "/") {
      res.writeHead(302, { location: GRAPHQL_PATH }).end();
      return;
    }
    // requestListener also writes the Response to `res` (handleNodeRequestAndResponse only returns it).
    await yoga.requestListener(req, res);
  }

  const wsServer = new WebSocketServer({ server: httpServer, path: GRAPHQL_PATH });
  const wsCleanup = useServer<Record<string, unknown>>(
    {
      // graphql-ws authenticates once, on connection_init; a bad or missing token closes with 4403.
      onConnect: async (ctx: WsContext<Record<string, unknown>>) => {
        const authorization = ctx.connectionParams?.authorization;
        if (typeof authorization !== "string") return false;
        try {
          await tokens.verify(bearerToken(authorization) ?? "");
          return true;
        } catch {
          return false;
        }
      },
      execute: (args) => (args.rootValue as EnvelopedRoot).execute(args),
      subscribe: (args) => (args.rootValue as EnvelopedRoot).subscribe(args),
      onSubscribe: async (ctx, _id, params) => {
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          ...ctx,
          connectionParams: ctx.connectionParams,
          params,
        });
        const document = parse(params.query);
        const errors = validate(schema, document);
        if (errors.length > 0) return errors;
        return {
          schema,
          operationName: params.operationName,
          document,
          variableValues: params.variables,
          contextValue: await contextFactory(),
          rootValue: { execute, subscribe },
        };
      },
    },
    wsServer,
  );

  return {
    start() {
      return new Promise((resolve, reject) => {
        httpServer.once("error", reject);
        httpServer.listen(options.port, options.host, () => {
          const { port } = httpServer.address() as AddressInfo;
          resolve({ url: `http://${options.host}:${port}${GRAPHQL_PATH}`, port });
        });
      });
    },
    async stop() {
      await wsCleanup.dispose();
      await new Promise<void>((resolve) => wsServer.close(() => resolve()));
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

interface EnvelopedRoot {
  execute: (args: ExecutionArgs) => OperationResult;
  subscribe: (args: ExecutionArgs) => OperationResult;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

async function runReadiness(
  checks: Record<string, () => Promise<boolean>>,
): Promise<Record<string, boolean>> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      const timeout = new Promise<boolean>((resolve) =>
        setTimeout(() => resolve(false), READY_CHECK_TIMEOUT_MS).unref(),
      );
      const ok = await Promise.race([check().catch(() => false), timeout]);
      return [name, ok] as const;
    }),
  );
  return Object.fromEntries(entries);
}
