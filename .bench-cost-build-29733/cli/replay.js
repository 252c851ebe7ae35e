import { resetConsumerGroup } from "../platform/events/admin/reset-consumer-group.js";
import { kafkaSecurityOf } from "../platform/events/event-platform.js";
import { flagDate, flagList, flagOn, flagText } from "./args.js";
import { defineCommand, EXIT_OK, EXIT_USAGE } from "./command.js";
import { REPLAY } from "./specs.js";
const command = defineCommand(REPLAY, async (args, deps, out) => {
  const group = flagText(args, "group");
  const topics = flagList(args, "topics") ?? [];
  const fromDate = flagDate(args, "from");
  const from = flagOn(args, "from-beginning") ? "beginning" : fromDate;
  const missing = [
    group ? null : "--group",
    topics.length > 0 ? null : "--topics",
    from ? null : "--from-beginning or --from"
  ].filter(Boolean);
  if (!group || from === void 0 || missing.length > 0 || args.positionals.length > 0) {
    out.progress(
      `replay: ${missing.length > 0 ? `needs ${missing.join(", ")}` : "takes no arguments"} (see: cli replay --help)`
    );
    return EXIT_USAGE;
  }
  const brokers = deps.settings.kafkaBrokers?.split(",").map((b) => b.trim()) ?? null;
  out.progress(`replaying ${group} on ${brokers ? "kafka" : "the local log"} (${topics.length} topic(s))`);
  const { moved, ahead } = await resetConsumerGroup({
    db: deps.db,
    kafkaBrokers: brokers,
    kafkaNamespace: deps.settings.kafkaNamespace,
    kafkaSecurity: brokers ? kafkaSecurityOf(deps.settings) : void 0,
    group,
    topics: [...topics],
    from,
    forgetDedup: flagOn(args, "forget-dedup"),
    onProgress: (line) => out.progress(line)
  });
  out.item(
    `done: ${moved} position(s) moved, ${ahead} event(s) ahead of ${group}; start the group's consumers to re-read them`,
    {
      group,
      moved,
      ahead
    }
  );
  deps.log.info(
    { group, topics, from: from === "beginning" ? from : from.toISOString(), moved, ahead },
    "consumer group replay"
  );
  return EXIT_OK;
});
export {
  command
};
//# sourceMappingURL=replay.js.map
