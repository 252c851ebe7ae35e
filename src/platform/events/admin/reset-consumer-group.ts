import { Admin } from "@platformatic/kafka";
import type { Db } from "../../db/prisma-client.js";
import { kafkaNames } from "../kafka/kafka-names.js";
import { type KafkaSecurity, PLAINTEXT } from "../kafka-security.js";
import { START_POSITION } from "../local/local-log.js";
import { countRowsAfter } from "../local/sql/count-rows-after.js";
import { saveOffset } from "../local/sql/save-offset.js";
import { groupLag, resetGroupOffsets } from "../platformatic/platformatic-admin.js";
import { platformaticSecurity } from "../platformatic/platformatic-security.js";

export interface ResetOptions {
  db: Db;
  /** null → the local log */
  kafkaBrokers: string[] | null;
  /** PIN_KAFKA_NAMESPACE (decision 0410): group and topics are the spec's names, suffixed on the broker */
  kafkaNamespace?: string | null;
  /** TLS and SASL of the admin client (issue #41); absent → plaintext */
  kafkaSecurity?: KafkaSecurity;
  group: string;
  topics: string[];
  /** "beginning" or the first event time to re-read from */
  from: "beginning" | Date;
  /** forget the group's dedup keys so re-read events run their handlers again (business guards decide) */
  forgetDedup: boolean;
  onProgress?(line: string): void;
}

export interface ResetResult {
  /** topic-partitions (Kafka) or topics (the local log) moved */
  readonly moved: number;
  /** events between the group's new position and the end of its topics: what its consumers will re-read */
  readonly ahead: number;
}

/**
 * Rewinds a consumer group. The group must be stopped (Kafka refuses to move offsets of an
 * active group). Says per topic how many events lie ahead of the group's new position (the
 * re-read is the long part, done by the consumers once started: decision 0421).
 */
export async function resetConsumerGroup(options: ResetOptions): Promise<ResetResult> {
  const say = options.onProgress ?? (() => {});
  let moved = 0;
  let ahead = 0;
  const names = kafkaNames(options.kafkaNamespace ?? null);
  if (options.kafkaBrokers) {
    // Offsets are committed directly (OffsetCommit through @platformatic/kafka's admin) whichever
    // client the consumers run on (decision 0495): kafkajs' admin.setOffsets/resetOffsets join the
    // group as a consumer to seek, and the group's next member then waited up to its session
    // timeout to join (30 s on a warm broker, past 120 s on a fresh one) — the replay CLI's restart
    // and catalog-replay's CI failure. Kafka still refuses to move offsets of an active group.
    const admin = new Admin({
      clientId: "pin-cli-replay",
      bootstrapBrokers: options.kafkaBrokers,
      ...platformaticSecurity(options.kafkaSecurity ?? PLAINTEXT, options.kafkaBrokers),
    });
    try {
      for (const topic of options.topics.map(names.topic)) {
        const n = await resetGroupOffsets(admin, names.group(options.group), topic, options.from);
        const lag = await groupLag(admin, names.group(options.group), topic);
        moved += n;
        ahead += lag;
        say(
          `${topic}: ${n} partition(s) ${options.from === "beginning" ? "reset to earliest" : `moved to ${options.from.toISOString()}`}, ${lag} event(s) ahead`,
        );
      }
    } finally {
      await admin.close();
    }
  } else {
    for (const topic of options.topics) {
      let position = START_POSITION;
      if (options.from !== "beginning") {
        // Position just before the first row appended at or after the timestamp.
        const rows = await options.db.$queryRaw<Array<{ tx: string; id: bigint }>>`
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
        `${topic}: local offset moved to ${options.from === "beginning" ? "the beginning" : options.from.toISOString()}, ${lag} event(s) ahead`,
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
