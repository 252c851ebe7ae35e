import { WORKERS } from "../../workers/index.js";
import { RunnerGroup } from "../runner-group.js";
function workersRole({ settings, infra, platform }) {
  const runners = new RunnerGroup(
    [
      { name: "outbox-relay", runner: platform.startRelay() },
      ...WORKERS.map((factory) => ({
        name: factory.name,
        runner: factory({ ...infra, settings, activity: platform.activity })
      }))
    ],
    infra.log
  );
  return {
    role: "workers",
    runners,
    readiness: { workers: async () => runners.ready() },
    stop: () => runners.stop()
  };
}
export {
  workersRole
};
//# sourceMappingURL=workers.js.map
