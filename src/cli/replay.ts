import { flagString, outputOf, parseFlags } from "../platform/events/admin/parse-flags.js";
import { resetConsumerGroup } from "../platform/events/admin/reset-consumer-group.js";
import { kafkaSecurityOf } from "../platform/events/event-platform.js";
import type { CliCommand } from "./command.js";

const EXIT_OK = 0;
const EXIT_USAGE = 2;

const USAGE = `replay --group <group> --topics <t1,t2,…> (--from-beginning | --from <ISO timestamp>) [--forget-dedup]

Rewinds a consumer group (stop its consumers first: Kafka refuses to move an active group).
Without --forget-dedup re-read events are skipped as duplicates inside the dedup window;
with it they run their handlers again and the business guards (version checks) keep the state.`;

export const command: CliCommand = {
  name: "replay",
  summary: "Replay a consumer group from the beginning or from a timestamp (Kafka or the local log)",
  usage: USAGE,
  async run(argv, deps) {
    const out = outputOf(deps);
    const { flags } = parseFlags(argv);
    const group = flagString(flags, "group");
    const topics = (flagString(flags, "topics") ?? "")
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean);
    const fromText = flagString(flags, "from");
    const from = flags.has("from-beginning") ? "beginning" : fromText ? new Date(fromText) : undefined;
    if (
      !group ||
      topics.length === 0 ||
      from === undefined ||
      (from !== "beginning" && Number.isNaN(from.getTime()))
    ) {
      out(USAGE);
      return EXIT_USAGE;
    }
    const brokers = deps.settings.kafkaBrokers?.split(",").map((b) => b.trim()) ?? null;
    out(`replaying ${group} on ${brokers ? "kafka" : "the local log"} (${topics.length} topic(s))`);
    const { moved, ahead } = await resetConsumerGroup({
      db: deps.db,
      kafkaBrokers: brokers,
      kafkaNamespace: deps.settings.kafkaNamespace,
      kafkaSecurity: brokers ? kafkaSecurityOf(deps.settings) : undefined,
      group,
      topics,
      from,
      forgetDedup: flags.has("forget-dedup"),
      onProgress: out,
    });
    out(
      `done: ${moved} position(s) moved, ${ahead} event(s) ahead of ${group}; start the group's consumers to re-read them`,
    );
    deps.log.info(
      { group, topics, from: String(fromText ?? "beginning"), moved, ahead },
      "consumer group replay",
    );
    return EXIT_OK;
  },
};
