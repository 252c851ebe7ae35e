import { createReaderGate, describeViolations } from "../../contracts/reader-gate.js";
import { HEADER } from "../../envelope.js";
import { eventTypeOf } from "../../topics.js";
import { dedupKeyOf, parseEnvelope } from "../../wire.js";
import { CONTRACT_INVALID_CODE, EVENT_TYPE_MISMATCH_CODE } from "../classify-error.js";
import { dedupKeyHash } from "../dedup-key.js";
import { subscribedTopics } from "../definition.js";
const WAIT_KEY_MAX = 200;
function perTopic(of) {
  const cache = /* @__PURE__ */ new Map();
  return (topic) => {
    if (!cache.has(topic)) cache.set(topic, of(topic));
    return cache.get(topic);
  };
}
function createAdmission(def, contracts) {
  const subscribed = new Set(subscribedTopics(def));
  const gates = new Map(
    Object.entries(def.readers ?? {}).map(([topic, contract]) => [topic, createReaderGate(contract)])
  );
  const eventTypeFor = perTopic(eventTypeOf);
  const rejected = (code, reason) => ({ kind: "rejected", code, reason });
  const waitKeyOf = (topic, payload) => def.ordering?.waitKey?.(topic, payload)?.slice(0, WAIT_KEY_MAX) ?? null;
  function prepare(message) {
    if (!subscribed.has(message.topic)) return { kind: "unhandled" };
    const declared = message.headers[HEADER.eventType];
    if (declared !== eventTypeFor(message.topic)) {
      return rejected(
        EVENT_TYPE_MISMATCH_CODE,
        `event-type header ${declared === void 0 ? "is missing" : `"${declared.slice(0, 100)}"`}; topic ${message.topic} carries ${eventTypeFor(message.topic)}`
      );
    }
    const gate = gates.get(message.topic);
    let parsed;
    if (gate) {
      if (!message.headers[HEADER.messageId]) parsed = parseEnvelope(message);
      else {
        const read = gate.read(message.value);
        if (!read.ok) {
          return rejected(
            def.policy?.contractViolationCode?.(read.violations) ?? CONTRACT_INVALID_CODE,
            `contract violation: ${describeViolations(read.violations)}`
          );
        }
        parsed = parseEnvelope(message, read.payload);
      }
      if (!parsed.ok) return rejected(CONTRACT_INVALID_CODE, parsed.error);
    } else {
      parsed = parseEnvelope(message);
      if (!parsed.ok) return rejected(CONTRACT_INVALID_CODE, parsed.error);
      const valid = contracts.validatePayload(message.topic, parsed.envelope.payload);
      if (!valid.ok) return rejected(CONTRACT_INVALID_CODE, `contract violation: ${valid.errors.join("; ")}`);
    }
    return { kind: "ready", parsed };
  }
  return function admit(messages, priorFailures) {
    const ready = [];
    const refused = [];
    const unhandled = [];
    const versionMismatches = [];
    const expected = def.expectedContractVersion;
    messages.forEach((message, index) => {
      const prepared = prepare(message);
      if (prepared.kind === "unhandled") unhandled.push(index);
      else if (prepared.kind === "rejected")
        refused.push({ index, message, code: prepared.code, reason: prepared.reason });
      else {
        const envelope = prepared.parsed.envelope;
        if (expected !== void 0 && envelope.metadata.contractVersion !== expected)
          versionMismatches.push({ message, expected, got: envelope.metadata.contractVersion });
        ready.push({
          index,
          message,
          envelope,
          dedupKey: dedupKeyHash(dedupKeyOf(def.group, envelope)),
          attempt: priorFailures + 1,
          waitKey: waitKeyOf(message.topic, envelope.payload)
        });
      }
    });
    return { ready, refused, unhandled, versionMismatches };
  };
}
export {
  createAdmission,
  perTopic
};
//# sourceMappingURL=1-admit.js.map
