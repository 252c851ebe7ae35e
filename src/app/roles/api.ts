import type { ApiDeps } from "../../graphql/context.js";
import { createChessboardLive } from "../../graphql/live/chessboard-live.js";
import { createMessengerLive } from "../../graphql/live/messenger-live.js";
import { createNotificationsLive } from "../../graphql/live/notifications-live.js";
import { schema } from "../../graphql/schema/index.js";
import { LIMITS } from "../../graphql/security/limits.js";
import { createRateLimiter, type RateLimiter } from "../../graphql/security/rate-limiter.js";
import { limitDatabaseWorkPerRequest } from "../../graphql/security/request-scope.js";
import { createSharedRateLimiter } from "../../graphql/security/shared-rate-limiter.js";
import { type ApiServer, createApiServer } from "../../graphql/server.js";
import { createTokenService } from "../../platform/auth/jwt.js";
import { devTokensEnabled, tokenKeysFor } from "../../platform/config/settings.js";
import { createPrismaClient } from "../../platform/db/prisma-client.js";
import type { Infra } from "../../platform/infra.js";
import type { ReadinessAnswer } from "../../platform/ops/readiness.js";
import type { Infrastructure } from "../infrastructure.js";
import { RunnerGroup } from "../runner-group.js";
import { createServices, liveAndLimits } from "../services.js";
import type { RoleRun } from "./role.js";

export interface ApiRole extends RoleRun {
  /** Whether GET /dev/token is served */
  readonly devTokens: boolean;
  /**
   * Listens on PORT/HOST (before anything waits for the broker: /healthz answers, /readyz says
   * what is missing); resolves with the GraphQL URL.
   */
  listen(readiness: () => Promise<ReadinessAnswer>, metricsOnOpsListener: boolean): Promise<string>;
}

/**
 * The api role: GraphQL over HTTP and WebSocket on its own database pool (issue #13: however busy
 * the API is, workers and consumers keep theirs; every statement of a request waits for one of
 * its slots, decision 0143), the live hubs' broadcast runners, the rate limiter. Ready once it
 * listens and those runners run. Stops the listener first, then its runners, the limiter and its pool.
 */
export function apiRole(infrastructure: Infrastructure): ApiRole {
  const { settings, infra, platform, devstats, database, testClock } = infrastructure;
  const tokens = createTokenService(tokenKeysFor(settings, database.embedded));
  const devTokens = devTokensEnabled(settings, database.embedded);
  const live = createChessboardLive({ ...infra, platform });
  const chats = createMessengerLive({ ...infra, platform });
  const inbox = createNotificationsLive({ ...infra, platform });
  const runners = new RunnerGroup(
    [
      { name: "chessboard-live", runner: live.runner },
      { name: "messenger-live", runner: chats.runner },
      { name: "notifications-live", runner: inbox.runner },
    ],
    infra.log,
  );
  const apiPool = createPrismaClient({
    url: database.url,
    maxConnections: settings.apiDbPoolSize,
    statementTimeoutMs: settings.requestTimeoutMs,
    preparedStatements: settings.dbPreparedStatements,
  });
  const apiInfra: Infra = { ...infra, db: limitDatabaseWorkPerRequest(apiPool) };
  const limits = apiRateLimiter(infrastructure);
  const deps: ApiDeps = {
    log: infra.log,
    metrics: infra.metrics,
    settings,
    services: createServices(apiInfra, devstats, settings),
    ...liveAndLimits(
      { chessboard: live.hub, messenger: chats.hub, notifications: inbox.hub },
      limits.limiter,
    ),
    testClock,
  };
  const state: { server: ApiServer | null } = { server: null };
  return {
    role: "api",
    runners,
    devTokens,
    // Ready once it listens and its live hubs' broadcast consumers run.
    readiness: { api: async () => (state.server === null ? "not listening" : runners.ready()) },
    async listen(readiness, metricsOnOpsListener) {
      const server = createApiServer({
        deps,
        schema,
        tokens,
        rateLimiter: limits.limiter,
        port: settings.port,
        host: settings.host ?? "127.0.0.1",
        devTokens,
        readiness,
        metricsOnOpsListener,
      });
      const { url } = await server.start();
      state.server = server;
      return url;
    },
    async stop() {
      const server = state.server;
      state.server = null;
      await server?.stop().catch((error: unknown) => infra.log.error({ err: error }, "api failed to stop"));
      await runners.stop();
      limits.stop();
      await apiPool.$disconnect();
    },
  };
}

/**
 * One limiter for the API's rates and the storefront's (their keys differ): PIN_RATE_LIMIT_STORE
 * = the windows shared by the replicas in PostgreSQL (issue #25, decision 0340), or per process
 * (by default on the embedded database).
 */
function apiRateLimiter({ settings, database, infra }: Infrastructure): {
  limiter: RateLimiter;
  stop: () => void;
} {
  const shared =
    settings.rateLimitStore === "postgres" || (settings.rateLimitStore === "auto" && !database.embedded);
  if (!shared) return { limiter: createRateLimiter({ maxKeys: LIMITS.rateLimiterMaxKeys }), stop: () => {} };
  const limiter = createSharedRateLimiter({
    db: infra.db,
    log: infra.log,
    maxKeys: LIMITS.rateLimiterMaxKeys,
  });
  return { limiter, stop: limiter.stop };
}
