import { DEMO_USERS } from "../platform/auth/demo-users.js";
import { ROLES } from "../platform/auth/viewer.js";
import { serveMetrics } from "../platform/ops/ops-server.js";
import { demoAsset } from "./demo-pages.js";
import { routeProjectionsRebuild } from "./rest/projections-rebuild.route.js";
import { clientAddress, httpRefusal } from "./security/http-guard.js";
import { ROWS_PER_RATE_UNIT } from "./security/rate-limiter.js";
import { sendRateLimited } from "./security/refusal-hold.js";
import {
  abortRequestScope,
  newRequestScope,
  runInRequestScope,
  timeoutError
} from "./security/request-scope.js";
import { GRAPHQL_PATH } from "./yoga.js";
function createHttpRouter(options) {
  const { deps, yoga, tokens, tools, limiter, refused, gate, viewerFrom } = options;
  const { settings } = deps;
  async function graphqlOverHttp(req, res) {
    const address = clientAddress(req, settings);
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
    const scope = newRequestScope(settings.requestDbConcurrency);
    const timer = setTimeout(() => {
      if (scope.live && res.headersSent) return;
      abortRequestScope(scope);
      refused.inc({ reason: "timeout" });
      if (!res.headersSent) {
        const error = timeoutError();
        json(res, 503, graphqlErrorBody(error.message, "REQUEST_TIMEOUT"));
      }
    }, settings.requestTimeoutMs);
    try {
      await runInRequestScope(scope, () => yoga.requestListener(req, res));
    } catch (error) {
      if (!scope.aborted) throw error;
    } finally {
      clearTimeout(timer);
      if (scope.rateRefusal) gate.rememberCaller(req, address, scope.rateRefusal);
      if (scope.rateKey) limiter.charge(scope.rateKey, Math.floor(scope.rows / ROWS_PER_RATE_UNIT));
    }
  }
  return async function route(req, res) {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/healthz") return json(res, 200, { status: "ok" });
    if (url.pathname === "/readyz") {
      const answer = await options.readiness();
      return json(res, answer.httpStatus, answer.body);
    }
    if (url.pathname === "/metrics" && !options.metricsOnOwnListener) return serveMetrics(deps.metrics, res);
    if (url.pathname === "/dev/token" && options.devTokens) {
      const role = url.searchParams.get("role") ?? "agent";
      if (!ROLES.includes(role)) {
        return json(res, 400, {
          code: "DEV_TOKEN_UNKNOWN_ROLE",
          message: `role must be one of ${ROLES.join(", ")}`
        });
      }
      const user = DEMO_USERS[role];
      const token = await tokens.sign({
        userId: user.userId,
        roles: [role],
        tenantId: user.tenantId
      });
      return json(res, 200, { role, userId: user.userId, tenantId: user.tenantId, name: user.name, token });
    }
    if (await routeProjectionsRebuild(req, res, url.pathname, {
      services: deps.services,
      log: deps.log,
      viewerFrom
    }))
      return;
    const demo = options.devTokens && req.method === "GET" ? demoAsset(url.pathname) : void 0;
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
function json(res, status, body, headers = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}
function graphqlErrorBody(message, code) {
  return { errors: [{ message, extensions: { code } }] };
}
export {
  createHttpRouter
};
//# sourceMappingURL=http-router.js.map
