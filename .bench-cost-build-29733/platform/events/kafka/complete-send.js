import { Partitioners } from "kafkajs";
const defaultPartitioner = Partitioners.DefaultPartitioner();
function withPartitions(batches, partitionCount) {
  return batches.map(({ topic, messages }) => {
    const count = partitionCount(topic);
    const partitionMetadata = Array.from({ length: count }, (_, partitionId) => ({
      partitionId,
      leader: 0,
      partitionErrorCode: 0,
      replicas: [],
      isr: []
    }));
    return {
      topic,
      messages: messages.map((message) => ({
        ...message,
        partition: message.partition ?? defaultPartitioner({ topic, partitionMetadata, message })
      }))
    };
  });
}
function unansweredPartitions(batches, answers) {
  const answered = new Set(
    answers.filter((a) => a.errorCode === 0).map((a) => `${a.topicName}[${a.partition}]`)
  );
  const missing = /* @__PURE__ */ new Set();
  for (const { topic, messages } of batches)
    for (const m of messages) {
      const slot = `${topic}[${m.partition}]`;
      if (!answered.has(slot)) missing.add(slot);
    }
  return [...missing];
}
class IncompleteSendError extends Error {
  constructor(partitions) {
    super(`the Kafka client reported a batch sent that it did not write to ${partitions.join(", ")}`);
    this.partitions = partitions;
    this.name = "IncompleteSendError";
  }
  partitions;
}
export {
  IncompleteSendError,
  unansweredPartitions,
  withPartitions
};
//# sourceMappingURL=complete-send.js.map
