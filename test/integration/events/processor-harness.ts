import { randomUUID } from "node:crypto";
import type { Db } from "../../../src/platform/db/prisma-client.js";
import type { SendFn } from "../../../src/platform/events/consumer/dead-letter.js";
import type { AnyConsumerDefinition } from "../../../src/platform/events/consumer/definition.js";
import { eventTypeOf } from "../../../src/platform/events/topics.js";
import { headersOf, type InboundMessage } from "../../../src/platform/events/wire.js";
import type { Registry } from "../../../src/platform/metrics/registry.js";
import { createConsumerRig } from "../../support/consumer-rig.js";
import type { ItemPayload } from "./harness.js";

/** Processor-level tests of the items consumer (no transport): wire messages and the processor. */

/** An item as a transport hands it to the processor (the relay's headers), for processor-level tests. */
export function wireItem(
  topic: string,
  item: ItemPayload,
  opts: { offset: number; messageId?: string; eventType?: string },
): InboundMessage {
  const messageId = opts.messageId ?? randomUUID();
  return {
    topic,
    partition: 0,
    offset: String(opts.offset),
    key: item.Key,
    value: JSON.stringify(item),
    headers: headersOf({
      messageId,
      eventType: opts.eventType ?? eventTypeOf(topic),
      contractVersion: 1,
      aggregateId: item.Key,
      aggregateType: "TestItem",
      createdAt: new Date().toISOString(),
      correlationId: messageId,
      causationId: null,
      traceparent: null,
    }),
  };
}

/**
 * The runtime's message processor for `def` on `db`, as a transport builds it, for processor-level
 * tests: a memory logger, a manual clock, the contract registry, metrics in `registry`, DLQ copies
 * to `send`.
 */
export function testProcessor(
  def: AnyConsumerDefinition,
  db: Db,
  opts: { send?: SendFn; registry?: Registry } = {},
) {
  return createConsumerRig(def, db, { ...opts, send: opts.send ?? (async () => {}) }).processor;
}
