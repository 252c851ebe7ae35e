import { Kafka, logLevel } from "kafkajs";
import { DLQ_TOPICS } from "../consumers/dlq-topics.js";
import { kafkaSecurityOf } from "../platform/events/event-platform.js";
import { kafkajsSecurity } from "../platform/events/kafka/kafkajs-security.js";
import { applyCatalogue, readTopics } from "../platform/events/kafka/topic-admin.js";
import { topicCatalogue, topicDrift } from "../platform/events/kafka/topic-catalogue.js";
import { flagOn } from "./args.js";
import { defineCommand, EXIT_OK, EXIT_USAGE } from "./command.js";
import { TOPICS } from "./specs.js";
const command = defineCommand(TOPICS, async (args, deps, out) => {
  const { settings } = deps;
  if (!settings.kafkaBrokers) {
    out.progress(
      "topics: KAFKA_BROKERS is empty: there is no broker to provision (the local event log has no topics)"
    );
    return EXIT_USAGE;
  }
  const catalogue = topicCatalogue(settings, DLQ_TOPICS);
  const admin = new Kafka({
    clientId: "pin-topics",
    brokers: settings.kafkaBrokers.split(",").map((b) => b.trim()),
    ...kafkajsSecurity(kafkaSecurityOf(settings)),
    logLevel: logLevel.NOTHING
  }).admin();
  await admin.connect();
  try {
    if (flagOn(args, "check")) {
      const drift = topicDrift(
        catalogue,
        await readTopics(
          admin,
          catalogue.map((t) => t.name)
        )
      );
      for (const d of drift) out.item(d.line, { drift: d.line });
      out.note(
        drift.length === 0 ? `topics: the catalogue is in place (${catalogue.length} topics)` : `topics: ${drift.length} differences from the catalogue (${catalogue.length} topics); \`npm run cli -- topics\` applies it`
      );
      return drift.length === 0 ? EXIT_OK : 1;
    }
    const { changed, left } = await applyCatalogue(admin, catalogue);
    for (const line of changed) out.item(line, { changed: line });
    for (const line of left) out.item(line, { left: line });
    out.note(
      `topics: ${catalogue.length} topics in the catalogue, ${changed.length} changes made${left.length > 0 ? `, ${left.length} left for an operator` : ""}`
    );
    return left.length === 0 ? EXIT_OK : 1;
  } finally {
    await admin.disconnect();
  }
});
export {
  command
};
//# sourceMappingURL=topics.js.map
