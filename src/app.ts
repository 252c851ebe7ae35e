import { seedDemo, seedsDemo, TIMERS_AFTER_THE_DEMO_SEED, whenRunnersCaughtUp } from "./app/demo-start.js";
import { type Infrastructure, openInfrastructure } from "./app/infrastructure.js";
import { initialProcessState, processReadiness } from "./app/process-readiness.js";
import { type ApiRole, apiRole } from "./app/roles/api.js";
import { consumersRole } from "./app/roles/consumers.js";
import type { RoleRun } from "./app/roles/role.js";
import { workersRole } from "./app/roles/workers.js";
import { type Stoppable, type StopStage, stopInOrder } from "./app/stop-order.js";
import type { DevStats } from "./domain/devstats/devstats.runtime.js";
import { type Clock, systemClock } from "./platform/clock/clock.js";
import { opsListenerFor } from "./platform/config/ops-listener.js";
import type { Role, Settings } from "./platform/config/settings.js";
import type { Db } from "./platform/db/prisma-client.js";
import type { EventPlatform } from "./platform/events/event-platform.js";
import { createLogger, type Logger, prettyLogs } from "./platform/log/logger.js";
import { createMetricsRegistry, gauge, type Registry } from "./platform/metrics/registry.js";
import { createOpsServer } from "./platform/ops/ops-server.js";
import { type ReadinessAnswer, readinessEndpoint } from "./platform/ops/readiness.js";

export { createServices, liveAndLimits } from "./app/services.js";

/**
 * The composition root: opens the infrastructure once and starts the roles this process runs
 * (api, consumers, workers — all three by default), each a module under src/app/roles; they stop
 * in the order src/app/stop-order.ts declares. Only src/main.ts touches process.exit.
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
  /** Where /metrics is served (the operations listener, else the API port) */
  readonly metricsUrl: string | null;
  /** The operations listener (/healthz, /readyz, /metrics; PIN_OPS_PORT), when it runs */
  readonly opsUrl: string | null;
  /** Whether GET /dev/token is served */
  readonly devTokens: boolean;
  /** Resolves once every runner that can tell has nothing pending (bounded; the demo seed's wait, and tests') */
  whenCaughtUp(): Promise<void>;
  stop(): Promise<void>;
}

export interface AppOverrides {
  readonly clock?: Clock;
  readonly log?: Logger;
  readonly metrics?: Registry;
}

/** The roles of a process; their runners start in this order (the api listens before any starts). */
export interface Roles {
  readonly workers?: RoleRun;
  readonly consumers?: RoleRun;
  readonly api?: ApiRole;
}

export function declareRoles(settings: Settings, infrastructure: Infrastructure): Roles {
  const has = (role: Role) => settings.roles.includes(role);
  return {
    ...(has("workers") ? { workers: workersRole(infrastructure) } : {}),
    ...(has("consumers") ? { consumers: consumersRole(infrastructure) } : {}),
    ...(has("api") ? { api: apiRole(infrastructure) } : {}),
  };
}

export async function startApp(settings: Settings, overrides: AppOverrides = {}): Promise<App> {
  const startedAt = Date.now();
  const log = overrides.log ?? createLogger({ level: settings.logLevel, pretty: prettyLogs(settings) });
  const metrics = overrides.metrics ?? createMetricsRegistry({ defaultMetrics: true });
  const state = initialProcessState();
  const parts: Partial<Record<StopStage, Stoppable>> = {};
  const stopping = () => state.phase === "stopping";
  const stop = async () => {
    state.phase = "stopping";
    await stopInOrder(parts, (stage, error) =>
      log.error({ err: error, part: stage }, "failed to stop cleanly"),
    );
  };
  const readiness = readinessEndpoint(processReadiness(state));
  try {
    // The operations listener answers first: /healthz while PostgreSQL is still awaited.
    const opsUrl = await startOpsListener(settings, { log, metrics, readiness }, parts);
    const infrastructure = await openInfrastructure(settings, {
      log,
      metrics,
      clock: overrides.clock ?? systemClock,
      cancelled: stopping,
      waiting: (what) => {
        state.waitingFor = what;
      },
    });
    state.waitingFor = null;
    state.infrastructure = infrastructure;
    parts.infrastructure = infrastructure;
    reportDegraded(infrastructure, metrics);
    const roles = declareRoles(settings, infrastructure);
    state.roles = Object.values(roles);
    Object.assign(parts, roles);
    const url = roles.api ? await roles.api.listen(readiness, opsUrl !== null) : null;
    // Every runner retries its own dependency for as long as it takes (Kafka consumers: a fresh
    // consumer after each failure); a stop meanwhile ends the waits. Only a configuration error
    // (unknown broker host, refused credentials) ends the start.
    // The demo seed's back-dated history: its timers start after it (TIMERS_AFTER_THE_DEMO_SEED).
    const held = seedsDemo(infrastructure) ? TIMERS_AFTER_THE_DEMO_SEED : new Set<string>();
    await Promise.all([
      infrastructure.platform.waitForBroker(stopping),
      (async () => {
        for (const role of state.roles) await role.runners.start(stopping, (name) => !held.has(name));
      })(),
    ]);
    const runners = state.roles.flatMap((role) => role.runners.runners.map((named) => named.runner));
    await seedDemo(infrastructure, runners);
    for (const role of state.roles) await role.runners.start(stopping);
    state.phase = "started";
    const metricsUrl = opsUrl ? `${opsUrl}/metrics` : url ? url.replace(/\/graphql$/, "/metrics") : null;
    log.info(
      {
        roles: state.roles.map((r) => r.role),
        transport: infrastructure.platform.transport,
        url,
        metricsUrl,
        opsUrl,
        readyInMs: Date.now() - startedAt,
      },
      "PIN is ready",
    );
    const { infra, database, platform, devstats } = infrastructure;
    const { db, clock } = infra;
    const devTokens = roles.api?.devTokens ?? false;
    return {
      settings,
      db,
      databaseUrl: database.url,
      platform,
      log,
      metrics,
      clock,
      devstats,
      url,
      metricsUrl,
      opsUrl,
      devTokens,
      whenCaughtUp: () => whenRunnersCaughtUp(runners, log),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** PIN_OPS_PORT's listener when it runs (production always); its base URL, else null. */
async function startOpsListener(
  settings: Settings,
  deps: { log: Logger; metrics: Registry; readiness: () => Promise<ReadinessAnswer> },
  parts: Partial<Record<StopStage, Stoppable>>,
): Promise<string | null> {
  const choice = opsListenerFor(settings);
  if (!choice) return null;
  if (choice.deprecated.length > 0)
    deps.log.warn(
      { deprecated: choice.deprecated },
      "PIN_METRICS_PORT / PIN_METRICS_HOST are deprecated: set PIN_OPS_PORT / PIN_OPS_HOST",
    );
  const server = createOpsServer({ ...deps, port: choice.port, host: choice.host });
  const base = await server.start();
  parts.operations = server;
  return base;
}

/** pin_readiness_degraded{part}: 1 while a part runs without something it wanted (decision 0551). */
export function reportDegraded(infrastructure: Infrastructure, metrics: Registry): void {
  const degraded = gauge(
    metrics,
    "pin_readiness_degraded",
    "1 when this process runs without a part it wanted (analytics: no ClickHouse); /readyz says degraded",
    ["part"],
  );
  degraded.set({ part: "analytics" }, infrastructure.analyticsDegraded ? 1 : 0);
}
