import { createReaderGate, describeViolations, type ReaderGate } from "../../contracts/reader-gate.js";
import type { ContractRegistry } from "../../contracts/registry.js";
import { HEADER } from "../../envelope.js";
import { eventTypeOf } from "../../topics.js";
import { dedupKeyOf, type InboundMessage, type ParsedEnvelope, parseEnvelope } from "../../wire.js";
import { CONTRACT_INVALID_CODE, EVENT_TYPE_MISMATCH_CODE } from "../classify-error.js";
import { dedupKeyHash } from "../dedup-key.js";
import { type AnyConsumerDefinition, subscribedTopics } from "../definition.js";
import type { Item } from "./types.js";

/**
 * Stage 1, admit (pure): each message's topic, event-type header, envelope and payload contract.
 * The group's reader contract of the topic (decision 0300) normalises the payload (exact
 * decimals, absent optional fields null); a topic without one is checked against the producer's
 * schema. Nothing here touches a database, a metric or a log: stage 6 records what it found.
 */
export interface Refusal {
  readonly index: number;
  readonly message: InboundMessage;
  readonly code: string;
  readonly reason: string;
}

export interface Admitted {
  /** Messages that go on to the gate, in batch order */
  readonly ready: readonly Item[];
  /** Envelope or payload broke its contract: dead-lettered, or skipped under `invalidPayload: "skip"` */
  readonly refused: readonly Refusal[];
  /** Positions of messages of a topic the group does not read (passed over) */
  readonly unhandled: readonly number[];
  /** Admitted messages whose contract version is not the one the handlers were written for */
  readonly versionMismatches: ReadonlyArray<{
    readonly message: InboundMessage;
    readonly expected: number;
    readonly got: number;
  }>;
}

type Prepared =
  | { kind: "ready"; parsed: Extract<ParsedEnvelope, { ok: true }> }
  | { kind: "rejected"; code: string; reason: string }
  | { kind: "unhandled" };

/** A wait key is an id (a UUID in practice); anything longer is cut, not stored whole. */
const WAIT_KEY_MAX = 200;

/** Per-topic values computed once, not per message (`eventTypeOf` splits the name). */
export function perTopic<T>(of: (topic: string) => T): (topic: string) => T {
  const cache = new Map<string, T>();
  return (topic) => {
    if (!cache.has(topic)) cache.set(topic, of(topic));
    return cache.get(topic) as T;
  };
}

export function createAdmission(def: AnyConsumerDefinition, contracts: ContractRegistry) {
  const subscribed = new Set(subscribedTopics(def));
  const gates = new Map<string, ReaderGate>(
    Object.entries(def.readers ?? {}).map(([topic, contract]) => [topic, createReaderGate(contract)]),
  );
  const eventTypeFor = perTopic(eventTypeOf);
  const rejected = (code: string, reason: string): Prepared => ({ kind: "rejected", code, reason });
  const waitKeyOf = (topic: string, payload: unknown): string | null =>
    def.ordering?.waitKey?.(topic, payload)?.slice(0, WAIT_KEY_MAX) ?? null;

  function prepare(message: InboundMessage): Prepared {
    if (!subscribed.has(message.topic)) return { kind: "unhandled" };
    const declared = message.headers[HEADER.eventType];
    if (declared !== eventTypeFor(message.topic)) {
      return rejected(
        EVENT_TYPE_MISMATCH_CODE,
        `event-type header ${declared === undefined ? "is missing" : `"${declared.slice(0, 100)}"`}; topic ${message.topic} carries ${eventTypeFor(message.topic)}`,
      );
    }
    const gate = gates.get(message.topic);
    let parsed: ParsedEnvelope;
    if (gate) {
      if (!message.headers[HEADER.messageId]) parsed = parseEnvelope(message);
      else {
        const read = gate.read(message.value);
        if (!read.ok) {
          return rejected(
            def.policy?.contractViolationCode?.(read.violations) ?? CONTRACT_INVALID_CODE,
            `contract violation: ${describeViolations(read.violations)}`,
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

  /** `priorFailures`: a parked retry's failed attempts so far (0 for a fresh delivery). */
  return function admit(messages: readonly InboundMessage[], priorFailures: number): Admitted {
    const ready: Item[] = [];
    const refused: Refusal[] = [];
    const unhandled: number[] = [];
    const versionMismatches: Array<{ message: InboundMessage; expected: number; got: number }> = [];
    const expected = def.expectedContractVersion;
    messages.forEach((message, index) => {
      const prepared = prepare(message);
      if (prepared.kind === "unhandled") unhandled.push(index);
      else if (prepared.kind === "rejected")
        refused.push({ index, message, code: prepared.code, reason: prepared.reason });
      else {
        const envelope = prepared.parsed.envelope;
        if (expected !== undefined && envelope.metadata.contractVersion !== expected)
          versionMismatches.push({ message, expected, got: envelope.metadata.contractVersion });
        ready.push({
          index,
          message,
          envelope,
          dedupKey: dedupKeyHash(dedupKeyOf(def.group, envelope)),
          attempt: priorFailures + 1,
          waitKey: waitKeyOf(message.topic, envelope.payload),
        });
      }
    });
    return { ready, refused, unhandled, versionMismatches };
  };
}

export type Admit = ReturnType<typeof createAdmission>;
