import { HEADER } from "../../envelope.js";
import { IncompleteSendError, withPartitions } from "../../kafka/complete-send.js";
import { reportSecurityFaults } from "../../kafka-security-faults.js";
import { ensureTopics, partitionCountOf } from "./1-connect.js";
async function produceComplete(c, producer, messages) {
  const byTopic = /* @__PURE__ */ new Map();
  for (const m of messages) {
    const wire = c.names.topic(m.topic);
    const list = byTopic.get(wire) ?? [];
    list.push({
      key: m.key,
      value: m.value,
      headers: m.headers,
      ...m.timestamp ? { timestamp: m.timestamp } : {}
    });
    byTopic.set(wire, list);
  }
  const topics = [...byTopic.keys()];
  await ensureTopics(c, topics);
  const counts = /* @__PURE__ */ new Map();
  for (const t of topics) counts.set(t, await partitionCountOf(c, t));
  const placed = withPartitions(
    [...byTopic].map(([topic, list]) => ({ topic, messages: list })),
    (topic) => counts.get(topic) ?? c.partitions
  );
  const answered = new Set(await producer.send(placed));
  c.broker.connected = true;
  const missing = /* @__PURE__ */ new Set();
  for (const { topic, messages: list } of placed)
    for (const m of list) {
      const slot = `${topic}[${m.partition}]`;
      if (!answered.has(slot)) missing.add(slot);
    }
  if (missing.size > 0) throw new IncompleteSendError([...missing]);
}
function timestamped(m) {
  const occurred = Date.parse(m.headers[HEADER.createdAt] ?? "");
  return {
    topic: m.topic,
    key: m.key,
    value: m.value,
    headers: m.headers,
    ...Number.isFinite(occurred) ? { timestamp: String(occurred) } : {}
  };
}
function relayPublisher(ctx, opts) {
  const c = ctx.connection;
  let producer = null;
  return reportSecurityFaults(c.broker.security, c.port.classify, {
    async publish(messages) {
      producer ??= c.port.producer({ relay: true, ...opts?.brokers ? { brokers: opts.brokers } : {} });
      await produceComplete(c, producer, messages.map(timestamped));
    },
    close: async () => {
      await producer?.close().catch(() => {
      });
      producer = null;
    }
  });
}
export {
  produceComplete,
  relayPublisher
};
//# sourceMappingURL=7-publish.js.map
