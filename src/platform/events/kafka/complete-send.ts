import { type Message, Partitioners, type RecordMetadata } from "kafkajs";

/**
 * A guard around kafkajs 2.2.4's sendBatch, which can report success for a batch it did not fully
 * write (kafkajs issue #1303; found by the cluster fault test, issue #21): the batch goes out as
 * one produce request per leader broker; when one of them fails (its broker was killed) the retry
 * re-sends only to brokers that have no response yet — if the failed partition's new leader is a
 * broker that already answered for other partitions, that partition's messages are never sent,
 * and sendBatch resolves. So each message gets its partition here (the client's default
 * partitioner over the topic's partition count: the same partition it would have chosen), and
 * after the send every partition written to must have answered without error; a missing one makes
 * the publish fail, and the relay sends the whole batch again (what was written twice is absorbed
 * by the consumers' dedup, as after any retry).
 */
export interface TopicBatch<M extends Message = Message> {
  readonly topic: string;
  readonly messages: readonly M[];
}

const defaultPartitioner = Partitioners.DefaultPartitioner();

/** Every message with its partition set, as the default partitioner places its key */
export function withPartitions<M extends Message>(
  batches: readonly TopicBatch<M>[],
  partitionCount: (topic: string) => number,
): Array<{ topic: string; messages: Array<M & { partition: number }> }> {
  return batches.map(({ topic, messages }) => {
    const count = partitionCount(topic);
    const partitionMetadata = Array.from({ length: count }, (_, partitionId) => ({
      partitionId,
      leader: 0,
      partitionErrorCode: 0,
      replicas: [],
      isr: [],
    }));
    return {
      topic,
      messages: messages.map((message) => ({
        ...message,
        partition: message.partition ?? defaultPartitioner({ topic, partitionMetadata, message }),
      })),
    };
  });
}

/** "topic[partition]" of every partition the batches write to that has no clean answer */
export function unansweredPartitions(
  batches: ReadonlyArray<{ topic: string; messages: ReadonlyArray<{ partition: number }> }>,
  answers: readonly RecordMetadata[],
): string[] {
  const answered = new Set(
    answers.filter((a) => a.errorCode === 0).map((a) => `${a.topicName}[${a.partition}]`),
  );
  const missing = new Set<string>();
  for (const { topic, messages } of batches)
    for (const m of messages) {
      const slot = `${topic}[${m.partition}]`;
      if (!answered.has(slot)) missing.add(slot);
    }
  return [...missing];
}

export class IncompleteSendError extends Error {
  constructor(readonly partitions: readonly string[]) {
    super(`the Kafka client reported a batch sent that it did not write to ${partitions.join(", ")}`);
    this.name = "IncompleteSendError";
  }
}
