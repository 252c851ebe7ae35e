function initialProcessState() {
  return { phase: "starting", waitingFor: null, infrastructure: null, roles: [] };
}
function processReadiness(state) {
  return {
    checks() {
      const startup = { startup: async () => startupCheck(state) };
      const infrastructure = state.infrastructure;
      if (!infrastructure) return startup;
      const { infra, platform } = infrastructure;
      return {
        ...startup,
        database: async () => (await infra.db.$queryRaw`SELECT 1`).length === 1,
        ...platform.transport === "kafka" ? { kafka: async () => await platform.ping() || "connecting" } : {},
        ...Object.assign({}, ...state.roles.map((role) => role.readiness))
      };
    },
    optional() {
      const infrastructure = state.infrastructure;
      if (!infrastructure) return {};
      const { devstats, analyticsDegraded } = infrastructure;
      if (devstats) return { clickhouse: () => devstats.clickhouse.ping() };
      return analyticsDegraded ? { analytics: async () => analyticsDegraded } : {};
    }
  };
}
function startupCheck(state) {
  if (state.phase === "started") return true;
  if (state.phase === "starting" && state.waitingFor) return `starting: waiting for ${state.waitingFor}`;
  return state.phase;
}
export {
  initialProcessState,
  processReadiness
};
//# sourceMappingURL=process-readiness.js.map
