import type { Role } from "../../platform/config/settings.js";
import type { ReadinessChecks } from "../../platform/ops/readiness.js";
import type { Infrastructure } from "../infrastructure.js";
import type { RunnerGroup } from "../runner-group.js";
import type { Stoppable } from "../stop-order.js";

/**
 * One role of the process (api, consumers, workers), built from the infrastructure: what it runs
 * (its runners, started by the composition root), what /readyz asks it, and how it stops.
 */
export interface RoleRun extends Stoppable {
  readonly role: Role;
  readonly runners: RunnerGroup;
  /** This role's readiness checks, each true or naming what is missing */
  readonly readiness: ReadinessChecks;
}

export type RoleFactory<R extends RoleRun = RoleRun> = (infrastructure: Infrastructure) => R;
