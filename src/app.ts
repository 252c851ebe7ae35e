import { randomUUID } from "node:crypto";
import { DLQ_TOPICS } from "./consumers/dlq-topics.js";
import { CONSUMERS_BY_CONTEXT } from "./consumers/index.js";
import { seedDemoData } from "./demo/seed-demo-data.js";
import { createCatalogServices } from "./domain/catalog/catalog.services.js";
import { createChessboardServices } from "./domain/chessboard/chessboard.services.js";
import { createCrmServices } from "./domain/crm/crm.services.js";
import { createDevStats, type DevStats } from "./domain/devstats/devstats.runtime.js";
import { createDevStatsServices } from "./domain/devstats/devstats.services.js";
import { seedDemoFunnel } from "./domain/devstats/seed/seed-demo-funnel.js";
import { createMessengerServices } from "./domain/messenger/messenger.services.js";
import { createNotificationsServices } from "./domain/notifications/notifications.services.js";
import type { ApiDeps, ApiLive, ApiServices } from "./graphql/context.js";
import { createChessboardLive } from "./graphql/live/chessboard-live.js";
import { createMessengerLive } from "./graphql/live/messenger-live.js";
import { createNotificationsLive } from "./graphql/live/notifications-live.js";
import { schema } from "./graphql/schema/index.js";
import { LIMITS } from "./graphql/security/limits.js";
import { createRateLimiter, type RateLimiter } from "./graphql/security/rate-limiter.js";
import { limitDatabaseWorkPerRequest } from "./graphql/security/request-scope.js";
import { createSharedRateLimiter } from "./graphql/security/shared-rate-limiter.js";
import { type ApiServer, createApiServer } from "./graphql/server.js";
import { createTokenService } from "./platform/auth/jwt.js";
import { openClickHouse } from "./platform/clickhouse/open-clickhouse.js";
import { type Clock, systemClock } from "./platform/clock/clock.js";
import { TestClock, testClockVerdict } from "./platform/clock/test-clock.js";
import { runsConsumersOf } from "./platform/config/roles.js";
import { ConfigError, devTokensEnabled, type Settings, tokenKeysFor } from "./platform/config/settings.js";
import { openDatabase } from "./platform/db/embedded-postgres.js";
import { runMigrations } from "./platform/db/migrations/run-migrations.js";
import { createPrismaClient, type Db } from "./platform/db/prisma-client.js";
import { consumedByGroup, logCatchUp } from "./platform/events/catch-up-summary.js";
import { createEventPlatform, type EventPlatform, type Runner } from "./platform/events/event-platform.js";
import { refuseUnderReplicatedTopics } from "./platform/events/kafka/replication-guard.js";
import type { Infra } from "./platform/infra.js";
import { createLogger, type Logger, prettyLogs } from "./platform/log/logger.js";
import { createMetricsRegistry, gauge, type Registry } from "./platform/metrics/registry.js";
import { clickhouseStartVerdict, databaseStartVerdict } from "./platform/startup/dependency-verdicts.js";
import { retryUntilReady } from "./platform/startup/retry-until-ready.js";
import { WORKERS } from "./workers/index.js";

/**
 * Every context's services, built once from the infrastructure. The GraphQL layer receives this
 * one typed object (ApiDeps.services); workers and tests build theirs the same way.
 */
export function createServices(
  infra: Infra,
  devstats: DevStats | null = null,
  settings: Pick<Settings, "catalogRebuildChunkSize"> = { catalogRebuildChunkSize: DEFAULT_REBUILD_CHUNK },
): ApiServices {
  return {
    crm: createCrmServices(infra),
    chessboard: createChessboardServices(infra),
    catalog: createCatalogServices(infra, settings),
    devstats: devstats ? createDevStatsServices(devstats) : null,
    messenger: createMessengerServices(infra),
    notifications: createNotificationsServices(infra),
  };
}

/**
 * What the GraphQL layer gets besides the services (ApiDeps.live, ApiDeps.storefrontLimiter): the
 * live hubs given (null for the others) and the storefront's limiter (its own per-process windows
 * unless one is given).
 */
export function liveAndLimits(
  hubs: Partial<ApiLive> = {},
  storefrontLimiter: RateLimiter = createRateLimiter({ maxKeys: STOREFRONT_LIMITER_MAX_KEYS }),
): Pick<ApiDeps, "live" | "storefrontLimiter"> {
  return {
    live: {
      chessboard: hubs.chessboard ?? null,
      messenger: hubs.messenger ?? null,
      notifications: hubs.notifications ?? null,
    },
    storefrontLimiter,
  };
}

/** PIN_RATE_LIMIT_STORE: the shared PostgreSQL windows, or the per-process ones (embedded mode). */
function apiRateLimiter(
  settings: Settings,
  embeddedDatabase: boolean,
  db: Db,
  log: Logger,
): { limiter: RateLimiter; stop: () => void } {
  const shared =
    settings.rateLimitStore === "postgres" || (settings.rateLimitStore === "auto" && !embeddedDatabase);
  if (!shared) return { limiter: createRateLimiter({ maxKeys: LIMITS.rateLimiterMaxKeys }), stop: () => {} };
  const limiter = createSharedRateLimiter({ db, log, maxKeys: LIMITS.rateLimiterMaxKeys });
  return { limiter, stop: limiter.stop };
}

const DEFAULT_REBUILD_CHUNK = 100;
/** Distinct anonymous addresses tracked per minute; beyond it new addresses wait for the next window. */
const STOREFRONT_LIMITER_MAX_KEYS = 100_000;

/**
 * The composition root: builds every part from the settings and starts the roles this process
 * runs (api, consumers, workers — all three by default). Only src/main.ts touches process.exit.
 */
export interface App {
  readonly settings: Settings;
  readonly db: Db;
  readonly databaseUrl: string;
  readonly platform: EventPlatform;
  readonly log: Logger;
  readonly metrics: Registry;
  readonly clock: Clock;
  /** dev-stats analytics (ClickHouse server or embedded chdb); null when no engine is available */
  readonly devstats: DevStats | null;
  /** Set when the api role runs */
  readonly url: string | null;
  /** Where /metrics is served (the API port, or the separate metrics listener) */
  readonly metricsUrl: string | null;
  /** Whether GET /dev/token is served */
  readonly devTokens: boolean;
  stop(): Promise<void>;
}

export interface AppOverrides {
  readonly clock?: Clock;
  readonly log?: Logger;
  readonly metrics?: Registry;
}

export async function startApp(settings: Settings, overrides: AppOverrides = {}): Promise<App> {
  const startedAt = Date.now();
  const pretty = prettyLogs(settings);
  const log = overrides.log ?? createLogger({ level: settings.logLevel, pretty });
  const metrics = overrides.metrics ?? createMetricsRegistry({ defaultMetrics: true });
  const baseClock = overrides.clock ?? systemClock;
  // Replaced by a TestClock when PIN_TEST_CLOCK is on and allowed here (decision 0079).
  let clock: Clock = baseClock;
  const stack: Array<{ name: string; stop: () => Promise<void> }> = [];
  /** Set by stop(): waits for a dependency end, and runners not started yet are not started. */
  let stopping = false;

  async function stopAll(): Promise<void> {
    stopping = true;
    for (const part of stack.reverse()) {
      try {
        await part.stop();
      } catch (error) {
        log.error({ err: error, part: part.name }, "failed to stop cleanly");
      }
    }
  }

  try {
    const database = await openDatabase(settings, log);
    stack.push({ name: "database", stop: () => database.stop() });
    const databaseUrl = database.url;
    const testClockState = testClockVerdict(settings, database.embedded);
    if (settings.testClock && !testClockState.enabled)
      throw new ConfigError("PIN_TEST_CLOCK", testClockState.reason);
    const testClock = testClockState.enabled ? new TestClock(baseClock) : null;
    if (testClock) {
      clock = testClock;
      log.warn("test clock on: an admin may move now forward (advanceTestClock)");
    }
    // PostgreSQL may not be up yet (started together with us): wait for it (issue #21).
    const migrations = await retryUntilReady(() => runMigrations({ url: databaseUrl, log }), {
      what: "PostgreSQL",
      log,
      classify: databaseStartVerdict,
      cancelled: () => stopping,
    });
    log.info(
      {
        applied: migrations.applied.length,
        total: migrations.applied.length + migrations.alreadyApplied.length,
      },
      "database migrated",
    );

    const db = createPrismaClient({ url: databaseUrl, maxConnections: settings.dbPoolSize });
    stack.push({ name: "prisma", stop: () => db.$disconnect() });
    const infra: Infra = { db, log, clock, metrics };

    const platformSettings = settings.instanceId ? settings : { ...settings, instanceId: randomUUID() };
    await refuseUnderReplicatedTopics(settings, DLQ_TOPICS, log); // production, Kafka: decision 0566
    const platform = createEventPlatform({ settings: platformSettings, ...infra });
    stack.push({ name: "event-platform", stop: () => platform.close() });

    const devstats = await openDevStats(settings, { db, clock, log, metrics }, () => stopping);
    if (devstats) stack.push({ name: "clickhouse", stop: () => devstats.clickhouse.close() });

    const roles = new Set(settings.roles);
    const runners: Array<{ name: string; runner: Runner }> = [];

    if (roles.has("workers")) {
      runners.push({ name: "outbox-relay", runner: platform.startRelay() });
      for (const factory of WORKERS)
        runners.push({ name: factory.name, runner: factory({ ...infra, settings }) });
    }
    if (roles.has("consumers")) {
      // PIN_ROLES=consumers:<context> runs only that context's consumers (decision 0516).
      const selected = CONSUMERS_BY_CONTEXT.filter((c) =>
        runsConsumersOf(settings.consumerContexts, c.context),
      );
      const running = gauge(
        metrics,
        "pin_consumer_group_running",
        "1 for each consumer group this process runs (PIN_ROLES selects them by context)",
        ["group", "context"],
      );
      const groups: string[] = [];
      for (const { context, make } of selected) {
        const definition = make({ log, clock, metrics, settings, devstats });
        if (!definition) continue;
        runners.push({ name: definition.group, runner: platform.runConsumer(definition) });
        running.set({ group: definition.group, context }, 1);
        groups.push(definition.group);
      }
      log.info({ consumers: settings.consumerContexts, groups }, "consumer groups selected");
    }

    let url: string | null = null;
    let metricsUrl: string | null = null;
    let api: ApiServer | null = null;
    let started = false;
    if (roles.has("api")) {
      const tokens = createTokenService(tokenKeysFor(settings, database.embedded));
      const live = createChessboardLive({ ...infra, platform });
      const chats = createMessengerLive({ ...infra, platform });
      const inbox = createNotificationsLive({ ...infra, platform });
      runners.push(
        { name: "chessboard-live", runner: live.runner },
        { name: "messenger-live", runner: chats.runner },
        { name: "notifications-live", runner: inbox.runner },
      );
      // The API's own pool (issue #13): however busy the API is, workers and consumers keep theirs;
      // every statement of a request waits for one of its slots (decision 0143).
      const apiPool = createPrismaClient({
        url: databaseUrl,
        maxConnections: settings.apiDbPoolSize,
        statementTimeoutMs: settings.requestTimeoutMs,
      });
      stack.push({ name: "prisma-api", stop: () => apiPool.$disconnect() });
      const apiInfra: Infra = { ...infra, db: limitDatabaseWorkPerRequest(apiPool) };
      // One limiter for the API's rates and the storefront's (their keys differ): shared by the
      // replicas in PostgreSQL outside the embedded mode (issue #25, decision 0340).
      const { limiter: rateLimiter, stop: stopLimiter } = apiRateLimiter(
        settings,
        database.embedded,
        db,
        log,
      );
      stack.push({ name: "rate-limiter", stop: async () => stopLimiter() });
      const deps: ApiDeps = {
        log,
        metrics,
        settings,
        services: createServices(apiInfra, devstats, settings),
        ...liveAndLimits(
          { chessboard: live.hub, messenger: chats.hub, notifications: inbox.hub },
          rateLimiter,
        ),
        testClock,
      };
      api = createApiServer({
        deps,
        schema,
        tokens,
        rateLimiter,
        port: settings.port,
        host: settings.host ?? "127.0.0.1",
        devTokens: devTokensEnabled(settings, database.embedded),
        // Each check answers true or what is missing (issue #21): {"kafka": "connecting"}.
        readiness: {
          startup: async () => started || "starting",
          database: async () => (await db.$queryRaw<unknown[]>`SELECT 1`).length === 1,
          ...(platform.transport === "kafka"
            ? { kafka: async () => (await platform.ping()) || "connecting" }
            : {}),
          events: async () => runnersReady(runners),
          ...(devstats
            ? { clickhouse: () => devstats.clickhouse.ping() }
            : settings.clickhouseUrl
              ? { clickhouse: () => clickhouseAnswers(settings.clickhouseUrl!) }
              : {}),
        },
      });
    }

    // The api listens before anything waits for the broker: /healthz answers, /readyz says what is
    // missing, reads of PostgreSQL and outbox-writing mutations work while the broker is away.
    if (api) {
      const listening = await api.start();
      url = listening.url;
      metricsUrl = listening.metricsUrl;
      stack.push({ name: "api", stop: () => api!.stop() });
    }

    // Every runner retries its own dependency for as long as it takes (Kafka consumers: a fresh
    // consumer after each failure); a stop meanwhile ends the waits. Only a configuration error
    // (unknown broker host, refused credentials) ends the start.
    await Promise.all([
      platform.waitForBroker(() => stopping),
      (async () => {
        for (const { name, runner } of runners) {
          if (stopping) return;
          stack.push({ name, stop: () => runner.stop() });
          await runner.start();
        }
      })(),
    ]);

    if (settings.seedDemoData && database.embedded) {
      const seedStarted = Date.now();
      const consumedBefore = await consumedByGroup(metrics);
      const settleAll = () =>
        settle(
          runners.map((r) => r.runner),
          log,
        );
      await seedDemoData({ db, clock, log }, settleAll);
      // The demo is usable only once its events went round (chessboard → crm replica), so the
      // embedded start announces "ready" after the relay and consumers caught up.
      await settleAll();
      logCatchUp(log, consumedBefore, await consumedByGroup(metrics), Date.now() - seedStarted);
      if (devstats) {
        await seedDemoFunnel({ devstats, clock, log }).catch((error: unknown) =>
          log.warn({ err: error }, "demo funnel not seeded"),
        );
      }
    }

    // The api stops first again, as before it listened early: moved to the end of the stack.
    const apiAt = stack.findIndex((part) => part.name === "api");
    if (apiAt >= 0) stack.push(...stack.splice(apiAt, 1));
    started = true;

    log.info(
      { roles: [...roles], transport: platform.transport, url, readyInMs: Date.now() - startedAt },
      "PIN is ready",
    );
    return {
      settings,
      db,
      databaseUrl,
      platform,
      log,
      metrics,
      clock,
      devstats,
      url,
      metricsUrl,
      devTokens: devTokensEnabled(settings, database.embedded),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * The analytics engine and dev-stats on it (ClickHouse migrations applied). Without one (no
 * CLICKHOUSE_URL and chdb not installed) or when it cannot be migrated, the process starts
 * without the funnel: its consumers do not run and conversionFunnel answers
 * DEVSTATS_ANALYTICS_UNAVAILABLE.
 */
async function openDevStats(
  settings: Settings,
  deps: { db: Db; clock: Clock; log: Logger; metrics: Registry },
  cancelled: () => boolean,
): Promise<DevStats | null> {
  const opened = await openClickHouse(settings, deps.log);
  if (!opened.ok) {
    deps.log.warn({ reason: opened.reason }, "dev-stats funnel disabled");
    return null;
  }
  try {
    // A ClickHouse server that does not answer yet is waited for (issue #21); chdb is in-process.
    const create = () => createDevStats({ clickhouse: opened.clickhouse, ...deps, settings });
    if (opened.clickhouse.engine !== "server") return await create();
    return await retryUntilReady(create, {
      what: "ClickHouse",
      log: deps.log,
      classify: clickhouseStartVerdict,
      cancelled,
    });
  } catch (error) {
    deps.log.error(
      { err: error, engine: opened.clickhouse.engine },
      "dev-stats funnel disabled: ClickHouse not usable",
    );
    await opened.clickhouse.close().catch(() => {});
    return null;
  }
}

/** ClickHouse's HTTP interface answers `Ok.` on /ping when the server is up. */
async function clickhouseAnswers(url: string): Promise<boolean> {
  const response = await fetch(new URL("/ping", url), { signal: AbortSignal.timeout(2_000) });
  return response.ok;
}

/** true, or the names of the runners that are not running yet (or again): what /readyz shows. */
function runnersReady(runners: ReadonlyArray<{ name: string; runner: Runner }>): true | string {
  const waiting = runners
    .filter(({ runner }) => (runner.status?.() ?? "running") !== "running")
    .map(({ name, runner }) => `${name} ${runner.status?.()}`);
  return waiting.length === 0 || `waiting: ${waiting.join(", ")}`;
}

const SETTLE_ROUNDS = 3;
const SETTLE_TIMEOUT_MS = 60_000;

/** Waits (bounded) until every runner that can tell has nothing pending, a few rounds deep. */
async function settle(runners: Runner[], log: Logger): Promise<void> {
  const work = (async () => {
    for (let round = 0; round < SETTLE_ROUNDS; round++) {
      for (const runner of runners) await runner.whenCaughtUp?.();
    }
  })();
  const timeout = new Promise<"timeout">((resolve) =>
    setTimeout(() => resolve("timeout"), SETTLE_TIMEOUT_MS).unref(),
  );
  if ((await Promise.race([work, timeout])) === "timeout") {
    log.warn({ timeoutMs: SETTLE_TIMEOUT_MS }, "demo events still in flight; starting anyway");
  }
}
