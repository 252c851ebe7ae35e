import { Admin } from "@platformatic/kafka";
import { kafkaNames } from "../kafka/kafka-names.js";
import { PLAINTEXT } from "../kafka-security.js";
import { START_POSITION } from "../local/local-log.js";
import { countRowsAfter } from "../local/sql/count-rows-after.js";
import { saveOffset } from "../local/sql/save-offset.js";
import { groupLag, resetGroupOffsets } from "../platformatic/platformatic-admin.js";
import { platformaticSecurity } from "../platformatic/platformatic-security.js";
async function resetConsumerGroup(options) {
  const say = options.onProgress ?? (() => {
  });
  let moved = 0;
  let ahead = 0;
  const names = kafkaNames(options.kafkaNamespace ?? null);
  if (options.kafkaBrokers) {
    const admin = new Admin({
      clientId: "pin-cli-replay",
      bootstrapBrokers: options.kafkaBrokers,
      ...platformaticSecurity(options.kafkaSecurity ?? PLAINTEXT, options.kafkaBrokers)
    });
    try {
      for (const topic of options.topics.map(names.topic)) {
        const n = await resetGroupOffsets(admin, names.group(options.group), topic, options.from);
        const lag = await groupLag(admin, names.group(options.group), topic);
        moved += n;
        ahead += lag;
        say(
          `${topic}: ${n} partition(s) ${options.from === "beginning" ? "reset to earliest" : `moved to ${options.from.toISOString()}`}, ${lag} event(s) ahead`
        );
      }
    } finally {
      await admin.close();
    }
  } else {
    for (const topic of options.topics) {
      let position = START_POSITION;
      if (options.from !== "beginning") {
        const rows = await options.db.$queryRaw`
          SELECT tx_id::text AS tx, id FROM platform.event_log
          WHERE topic = ${topic} AND appended_at < ${options.from}
          ORDER BY tx_id DESC, id DESC LIMIT 1`;
        const row = rows[0];
        if (row) position = { txId: row.tx, id: row.id };
      }
      await saveOffset(options.db, options.group, topic, position);
      const lag = await countRowsAfter(options.db, topic, position);
      moved += 1;
      ahead += lag;
      say(
        `${topic}: local offset moved to ${options.from === "beginning" ? "the beginning" : options.from.toISOString()}, ${lag} event(s) ahead`
      );
    }
  }
  if (options.forgetDedup) {
    const forgotten = await options.db.$executeRaw`
      DELETE FROM platform.processed_messages WHERE group_id = ${options.group}`;
    say(`forgot ${forgotten} dedup key(s) of ${options.group}`);
  }
  return { moved, ahead };
}
export {
  resetConsumerGroup
};
//# sourceMappingURL=reset-consumer-group.js.map
