import type { IncomingMessage, ServerResponse } from "node:http";
import { DEMO_USERS } from "../platform/auth/demo-users.js";
import type { TokenService } from "../platform/auth/jwt.js";
import { ROLES, type UserRole, type Viewer } from "../platform/auth/viewer.js";
import type { Counter } from "../platform/metrics/registry.js";
import { serveMetrics } from "../platform/ops/ops-server.js";
import type { ReadinessAnswer } from "../platform/ops/readiness.js";
import type { ApiDeps } from "./context.js";
import { demoAsset } from "./demo-pages.js";
import { routeProjectionsRebuild } from "./rest/projections-rebuild.route.js";
import { clientAddress, httpRefusal } from "./security/http-guard.js";
import type { DeveloperTools } from "./security/production.js";
import { type RateLimiter, ROWS_PER_RATE_UNIT } from "./security/rate-limiter.js";
import type { RefusalGate } from "./security/refusal-gate.js";
import { sendRateLimited } from "./security/refusal-hold.js";
import {
  abortRequestScope,
  newRequestScope,
  type RequestScope,
  runInRequestScope,
  timeoutError,
} from "./security/request-scope.js";
import { type ApiYoga, GRAPHQL_PATH } from "./yoga.js";

export interface HttpRouterOptions {
  readonly deps: ApiDeps;
  readonly yoga: ApiYoga;
  readonly tokens: TokenService;
  readonly devTokens: boolean;
  readonly tools: DeveloperTools;
  readonly limiter: RateLimiter;
  readonly refused: Counter<"reason">;
  /** callers refused earlier in their window, answered before their body is read */
  readonly gate: RefusalGate;
  /** The process's /readyz answer (shared with the operations listener, cached a second) */
  readonly readiness: () => Promise<ReadinessAnswer>;
  /** /metrics is served here unless it has its own listener. */
  readonly metricsOnOwnListener: boolean;
  readonly viewerFrom: (authorization: string | null | undefined) => Promise<Viewer | null>;
}

/**
 * The api's HTTP routes: /healthz, /readyz, /metrics (unless on its own listener), /dev/token and
 * the demo pages (dev tokens only), the REST routes, and GraphQL over HTTP at GRAPHQL_PATH.
 */
export function createHttpRouter(
  options: HttpRouterOptions,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { deps, yoga, tokens, tools, limiter, refused, gate, viewerFrom } = options;
  const { settings } = deps;
  /** GraphQL over HTTP: caller rate, size and content-type checks, then yoga under a deadline. */
  async function graphqlOverHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const address = clientAddress(req, settings);
    // A caller refused earlier in its window: answered (held) before anything else (decision 0617).
    if (gate.refuseKnown(req, res, address)) return;
    const perAddress = await limiter.take(`addr:${address}`, settings.rateLimitAddressPerMinute);
    if (!perAddress.ok) {
      refused.inc({ reason: "rate_address" });
      gate.rememberAddress(address, perAddress.retryAfterSeconds);
      return sendRateLimited(res, perAddress.retryAfterSeconds);
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
      if (scope.rateRefusal) gate.rememberCaller(req, address, scope.rateRefusal);
      // Data-dependent cost counts against the caller's rate: every ROWS_PER_RATE_UNIT rows read = one request.
      if (scope.rateKey) limiter.charge(scope.rateKey, Math.floor(scope.rows / ROWS_PER_RATE_UNIT));
    }
  }

  return async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/healthz") return json(res, 200, { status: "ok" });
    if (url.pathname === "/readyz") {
      const answer = await options.readiness();
      return json(res, answer.httpStatus, answer.body);
    }
    if (url.pathname === "/metrics" && !options.metricsOnOwnListener) return serveMetrics(deps.metrics, res);
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
  };
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
