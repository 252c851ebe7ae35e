import { seedDemo, seedsDemo, TIMERS_AFTER_THE_DEMO_SEED, whenRunnersCaughtUp } from "./app/demo-start.js";
import { openInfrastructure } from "./app/infrastructure.js";
import { initialProcessState, processReadiness } from "./app/process-readiness.js";
import { apiRole } from "./app/roles/api.js";
import { consumersRole } from "./app/roles/consumers.js";
import { workersRole } from "./app/roles/workers.js";
import { stopInOrder } from "./app/stop-order.js";
import { systemClock } from "./platform/clock/clock.js";
import { opsListenerFor } from "./platform/config/ops-listener.js";
import { createLogger, prettyLogs } from "./platform/log/logger.js";
import { createMetricsRegistry, gauge } from "./platform/metrics/registry.js";
import { createOpsServer } from "./platform/ops/ops-server.js";
import { readinessEndpoint } from "./platform/ops/readiness.js";
import { createServices, liveAndLimits } from "./app/services.js";
function declareRoles(settings, infrastructure) {
  const has = (role) => settings.roles.includes(role);
  return {
    ...has("workers") ? { workers: workersRole(infrastructure) } : {},
    ...has("consumers") ? { consumers: consumersRole(infrastructure) } : {},
    ...has("api") ? { api: apiRole(infrastructure) } : {}
  };
}
async function startApp(settings, overrides = {}) {
  const startedAt = Date.now();
  const log = overrides.log ?? createLogger({ level: settings.logLevel, pretty: prettyLogs(settings) });
  const metrics = overrides.metrics ?? createMetricsRegistry({ defaultMetrics: true });
  const state = initialProcessState();
  const parts = {};
  const stopping = () => state.phase === "stopping";
  const stop = async () => {
    state.phase = "stopping";
    await stopInOrder(
      parts,
      (stage, error) => log.error({ err: error, part: stage }, "failed to stop cleanly")
    );
  };
  const readiness = readinessEndpoint(processReadiness(state));
  try {
    const opsUrl = await startOpsListener(settings, { log, metrics, readiness }, parts);
    const infrastructure = await openInfrastructure(settings, {
      log,
      metrics,
      clock: overrides.clock ?? systemClock,
      cancelled: stopping,
      waiting: (what) => {
        state.waitingFor = what;
      }
    });
    state.waitingFor = null;
    state.infrastructure = infrastructure;
    parts.infrastructure = infrastructure;
    reportDegraded(infrastructure, metrics);
    const roles = declareRoles(settings, infrastructure);
    state.roles = Object.values(roles);
    Object.assign(parts, roles);
    const url = roles.api ? await roles.api.listen(readiness, opsUrl !== null) : null;
    const held = seedsDemo(infrastructure) ? TIMERS_AFTER_THE_DEMO_SEED : /* @__PURE__ */ new Set();
    await Promise.all([
      infrastructure.platform.waitForBroker(stopping),
      (async () => {
        for (const role of state.roles) await role.runners.start(stopping, (name) => !held.has(name));
      })()
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
        readyInMs: Date.now() - startedAt
      },
      "PIN is ready"
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
      stop
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
async function startOpsListener(settings, deps, parts) {
  const choice = opsListenerFor(settings);
  if (!choice) return null;
  if (choice.deprecated.length > 0)
    deps.log.warn(
      { deprecated: choice.deprecated },
      "PIN_METRICS_PORT / PIN_METRICS_HOST are deprecated: set PIN_OPS_PORT / PIN_OPS_HOST"
    );
  const server = createOpsServer({ ...deps, port: choice.port, host: choice.host });
  const base = await server.start();
  parts.operations = server;
  return base;
}
function reportDegraded(infrastructure, metrics) {
  const degraded = gauge(
    metrics,
    "pin_readiness_degraded",
    "1 when this process runs without a part it wanted (analytics: no ClickHouse); /readyz says degraded",
    ["part"]
  );
  degraded.set({ part: "analytics" }, infrastructure.analyticsDegraded ? 1 : 0);
}
export {
  createServices,
  declareRoles,
  liveAndLimits,
  reportDegraded,
  startApp
};
//# sourceMappingURL=app.js.map
