import { WORKERS } from "../../workers/index.js";
import type { Infrastructure } from "../infrastructure.js";
import { RunnerGroup } from "../runner-group.js";
import type { RoleRun } from "./role.js";

/**
 * The workers role: the outbox relay and every periodic worker. Ready when each runs (the
 * database itself is the process's `database` check).
 */
export function workersRole({ settings, infra, platform }: Infrastructure): RoleRun {
  const runners = new RunnerGroup(
    [
      { name: "outbox-relay", runner: platform.startRelay() },
      ...WORKERS.map((factory) => ({
        name: factory.name,
        runner: factory({ ...infra, settings, activity: platform.activity }),
      })),
    ],
    infra.log,
  );
  return {
    role: "workers",
    runners,
    readiness: { workers: async () => runners.ready() },
    stop: () => runners.stop(),
  };
}
