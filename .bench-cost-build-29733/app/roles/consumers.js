import { CONSUMERS_BY_CONTEXT } from "../../consumers/index.js";
import { runsConsumersOf } from "../../platform/config/roles.js";
import { gauge } from "../../platform/metrics/registry.js";
import { RunnerGroup } from "../runner-group.js";
function consumersRole({ settings, infra, platform, devstats }) {
  const { log, clock, metrics } = infra;
  const selected = CONSUMERS_BY_CONTEXT.filter((c) => runsConsumersOf(settings.consumerContexts, c.context));
  const running = gauge(
    metrics,
    "pin_consumer_group_running",
    "1 for each consumer group this process runs (PIN_ROLES selects them by context)",
    ["group", "context"]
  );
  const named = [];
  for (const { context, make } of selected) {
    const definition = make({ log, clock, metrics, settings, devstats });
    if (!definition) continue;
    named.push({ name: definition.group, runner: platform.runConsumer(definition) });
    running.set({ group: definition.group, context }, 1);
  }
  log.info(
    { consumers: settings.consumerContexts, groups: named.map((n) => n.name) },
    "consumer groups selected"
  );
  const runners = new RunnerGroup(named, log);
  return {
    role: "consumers",
    runners,
    readiness: { consumers: async () => runners.ready() },
    stop: () => runners.stop()
  };
}
export {
  consumersRole
};
//# sourceMappingURL=consumers.js.map
