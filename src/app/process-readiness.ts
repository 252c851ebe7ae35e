import type { ReadinessChecks, ReadinessSource } from "../platform/ops/readiness.js";
import type { Infrastructure } from "./infrastructure.js";
import type { RoleRun } from "./roles/role.js";

/** Where a process stands, in one object: what /readyz reads and stop() sets. */
export interface ProcessState {
  phase: "starting" | "started" | "stopping";
  /** The dependency the start waits for now ("PostgreSQL ECONNREFUSED"), else null */
  waitingFor: string | null;
  infrastructure: Infrastructure | null;
  roles: RoleRun[];
}

export function initialProcessState(): ProcessState {
  return { phase: "starting", waitingFor: null, infrastructure: null, roles: [] };
}

/**
 * The process's readiness: `startup` (starting — naming the dependency awaited —, stopping), the
 * infrastructure's checks once it is open (the database; the broker in Kafka mode), then each
 * role's own (api listens, consumers' groups joined and fetching, workers running). Analytics is
 * optional: absent though wanted, or its ClickHouse not answering, the answer is `degraded`
 * (decision 0551); PIN_ANALYTICS=off leaves it out.
 */
export function processReadiness(state: ProcessState): ReadinessSource {
  return {
    checks(): ReadinessChecks {
      const startup = { startup: async () => startupCheck(state) };
      const infrastructure = state.infrastructure;
      if (!infrastructure) return startup;
      const { infra, platform } = infrastructure;
      return {
        ...startup,
        database: async () => (await infra.db.$queryRaw<unknown[]>`SELECT 1`).length === 1,
        ...(platform.transport === "kafka"
          ? { kafka: async () => (await platform.ping()) || "connecting" }
          : {}),
        ...Object.assign({}, ...state.roles.map((role) => role.readiness)),
      };
    },
    optional(): ReadinessChecks {
      const infrastructure = state.infrastructure;
      if (!infrastructure) return {};
      const { devstats, analyticsDegraded } = infrastructure;
      if (devstats) return { clickhouse: () => devstats.clickhouse.ping() };
      return analyticsDegraded ? { analytics: async () => analyticsDegraded } : {};
    },
  };
}

function startupCheck(state: ProcessState): true | string {
  if (state.phase === "started") return true;
  if (state.phase === "starting" && state.waitingFor) return `starting: waiting for ${state.waitingFor}`;
  return state.phase;
}
