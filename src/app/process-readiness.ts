import type { ReadinessChecks, ReadinessSource } from "../platform/ops/readiness.js";
import type { Infrastructure } from "./infrastructure.js";
import type { RoleRun } from "./roles/role.js";

/** Where a process stands, in one object: what /readyz reads and stop() sets. */
export interface ProcessState {
  phase: "starting" | "started" | "stopping";
  infrastructure: Infrastructure | null;
  roles: RoleRun[];
}

/**
 * The process's readiness: `startup` (starting, stopping), the infrastructure's checks once it is
 * open (the database; the broker in Kafka mode; ClickHouse when analytics runs), then each role's
 * own (api listens, consumers' groups joined and fetching, workers running). The analytics engine
 * wanted but absent is `degraded` (decision 0551).
 */
export function processReadiness(state: ProcessState): ReadinessSource {
  return {
    checks(): ReadinessChecks {
      const infrastructure = state.infrastructure;
      const startup = { startup: async () => state.phase === "started" || state.phase };
      if (!infrastructure) return startup;
      const { infra, platform, devstats } = infrastructure;
      return {
        ...startup,
        database: async () => (await infra.db.$queryRaw<unknown[]>`SELECT 1`).length === 1,
        ...(platform.transport === "kafka"
          ? { kafka: async () => (await platform.ping()) || "connecting" }
          : {}),
        ...(devstats ? { clickhouse: () => devstats.clickhouse.ping() } : {}),
        ...Object.assign({}, ...state.roles.map((role) => role.readiness)),
      };
    },
    degraded(): Record<string, string> {
      const reason = state.infrastructure?.analyticsDegraded;
      return reason ? { analytics: reason } : {};
    },
  };
}
