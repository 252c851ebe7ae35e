import { GraphQLError } from "graphql";
import { createYoga } from "graphql-yoga";
import { bearerToken, TokenError } from "../platform/auth/jwt.js";
import { isDatabaseUnavailable } from "../platform/db/unavailable.js";
import { DomainError } from "../platform/errors/domain-error.js";
import { counter, histogram } from "../platform/metrics/registry.js";
import { devGraphiqlOptions, renderGraphiQL } from "./graphiql.js";
import { useOperationSpans } from "./operation-span.js";
import { armorPlugins } from "./security/armor.js";
import { useBadRequestStatus } from "./security/bad-request-status.js";
import { useDocumentDepthGuard } from "./security/document-depth.js";
import { clientAddress, requestIdOf } from "./security/http-guard.js";
import { useInputGuard } from "./security/input-guard.js";
import { useNoInternalDetail } from "./security/no-internal-detail.js";
import { operationLabels } from "./security/operation-label.js";
import { corsFor, useNoIntrospection } from "./security/production.js";
import { currentRequestScope } from "./security/request-scope.js";
import { useSseLimits } from "./security/sse-limits.js";
import { useStorefrontBudget } from "./security/storefront-budget.js";
import { useSharedSubscriptionExecution } from "./shared-subscription-execution.js";
const GRAPHQL_PATH = "/graphql";
function sessionReader(tokens) {
  return async function sessionFrom(authorization) {
    const token = bearerToken(authorization);
    if (!token) return null;
    try {
      return await tokens.verifySession(token);
    } catch (error) {
      if (error instanceof TokenError) {
        throw new GraphQLError(error.message, {
          extensions: { code: "UNAUTHENTICATED", http: { status: 401 } }
        });
      }
      throw error;
    }
  };
}
function createApiYoga(options) {
  const { deps, tokens, tools, persisted, limiter, live, refused } = options;
  const { settings } = deps;
  const requests = counter(deps.metrics, "pin_graphql_operations_total", "GraphQL operations", [
    "operation",
    "field",
    "result"
  ]);
  const duration = histogram(
    deps.metrics,
    "pin_graphql_operation_duration_seconds",
    "GraphQL operation duration",
    ["operation", "field"]
  );
  const knownOperations = /* @__PURE__ */ new Set([...settings.graphqlOperationNames, ...persisted.operationNames]);
  const sessionFrom = sessionReader(tokens);
  return createYoga({
    schema: options.schema,
    graphqlEndpoint: GRAPHQL_PATH,
    logging: false,
    // Never internal detail in a response (no originalError/stack even in development): logs have it.
    maskedErrors: {
      isDev: false,
      maskError(error, message) {
        const original = error.originalError;
        const isGraphQLError = (e) => e instanceof Error && e.name === "GraphQLError";
        if (isGraphQLError(error) && (!original || isGraphQLError(original)))
          return withRequestErrorCode(error);
        if (original instanceof DomainError) {
          const gqlError = error;
          return new GraphQLError(original.message, {
            nodes: gqlError.nodes,
            path: gqlError.path,
            extensions: { code: original.code, category: original.category }
          });
        }
        if (isDatabaseUnavailable(original ?? error)) {
          deps.log.warn({ err: original ?? error }, "database unavailable");
          return databaseUnavailable(error);
        }
        deps.log.error({ err: original ?? error }, "unexpected error in resolver");
        return new GraphQLError(message, { extensions: { code: "INTERNAL_SERVER_ERROR" } });
      }
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
    context: async ({ request, connectionParams, req }) => {
      const header = typeof connectionParams?.authorization === "string" ? connectionParams.authorization : request?.headers.get("authorization");
      const session = await sessionFrom(header);
      const viewer = session?.viewer ?? null;
      if (req && !connectionParams) {
        const key = viewer ? `user:${viewer.userId}` : `anon:${clientAddress(req, settings)}`;
        const limit = viewer ? settings.rateLimitUserPerMinute : settings.rateLimitAnonymousPerMinute;
        const scope = currentRequestScope();
        if (scope) scope.rateKey = key;
        const taken = await limiter.take(key, limit);
        if (!taken.ok) {
          const reason = viewer ? "rate_user" : "rate_anonymous";
          refused.inc({ reason });
          if (scope)
            scope.rateRefusal = {
              reason,
              retryAfterSeconds: taken.retryAfterSeconds,
              tokenExpiresAtMs: session?.expiresAtMs
            };
          throw new GraphQLError("Too many requests; slow down", {
            extensions: {
              code: "RATE_LIMITED",
              http: { status: 429, headers: { "retry-after": String(taken.retryAfterSeconds) } }
            }
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
        log: deps.log.child({ requestId, userId: viewer?.userId })
      };
    },
    // GraphQL-over-HTTP persisted documents send `documentId` (yoga refuses unknown parameters).
    extraParamNames: ["documentId"],
    plugins: [
      // Before anything parses: a deeply nested document overflows graphql-js' recursive parser.
      useDocumentDepthGuard(),
      useBadRequestStatus(),
      ...persisted.plugin ? [persisted.plugin] : [],
      ...armorPlugins(),
      useInputGuard(),
      useNoInternalDetail(),
      // Before execution: storefront cost units and operations in flight per caller (issue #42).
      useStorefrontBudget(refused, deps.metrics, settings.storefrontHeavyAtOnce),
      ...tools.introspection ? [] : [useNoIntrospection()],
      // One execution per (event, document + variables) for opted-in subscriptions (decision 0007).
      useSharedSubscriptionExecution(),
      // The operation's span under the HTTP request's, when tracing is on (decision 0450).
      useOperationSpans(knownOperations),
      {
        onExecute({ args }) {
          const labels = operationLabels(knownOperations, args.document, args.operationName);
          const end = duration.startTimer(labels);
          return {
            onExecuteDone({ result }) {
              end();
              const failed = typeof result === "object" && result !== null && "errors" in result && Array.isArray(result.errors);
              requests.inc({ ...labels, result: failed ? "error" : "ok" });
            }
          };
        }
      },
      // Last: it wraps the subscribe function the plugins above settled on.
      useSseLimits(live)
    ]
  });
}
const DATABASE_RETRY_AFTER_SECONDS = 5;
function databaseUnavailable(error) {
  return new GraphQLError("The database is unavailable; retry shortly", {
    nodes: error.nodes,
    path: error.path,
    extensions: {
      code: "SERVICE_UNAVAILABLE",
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      http: { status: 503, headers: { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) } }
    }
  });
}
function withRequestErrorCode(error) {
  if (error.extensions?.code !== void 0 || error.path !== void 0) return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    extensions: { ...error.extensions, code: "BAD_USER_INPUT" }
  });
}
export {
  DATABASE_RETRY_AFTER_SECONDS,
  GRAPHQL_PATH,
  createApiYoga,
  sessionReader,
  withRequestErrorCode
};
//# sourceMappingURL=yoga.js.map
