import { type Clock, ManualClock } from "../../src/platform/clock/clock.js";
import type { Db } from "../../src/platform/db/prisma-client.js";
import {
  type ConsumerMetrics,
  createConsumerMetrics,
} from "../../src/platform/events/consumer/consumer-metrics.js";
import type { SendFn } from "../../src/platform/events/consumer/dead-letter.js";
import type { AnyConsumerDefinition } from "../../src/platform/events/consumer/definition.js";
import {
  createMessageProcessor,
  type MessageProcessor,
  type ParkedRow,
} from "../../src/platform/events/consumer/message-processor.js";
import { contractRegistry } from "../../src/platform/events/contracts/registry.js";
import { createMemoryLogger, type Logger } from "../../src/platform/log/logger.js";
import { createMetricsRegistry, type Registry } from "../../src/platform/metrics/registry.js";

/** A dead-letter copy the processor sent (what a transport would produce to the DLQ topic). */
export type DlqCopy = Parameters<SendFn>[0];

export interface ConsumerRigOptions {
  /** default: a ManualClock at the current time */
  readonly clock?: Clock;
  /** default: a memory logger */
  readonly log?: Logger;
  /** where the consumer's metrics go; default: a registry of its own */
  readonly registry?: Registry;
  /** where DLQ copies go; default: pushed onto `rig.dlq` */
  readonly send?: SendFn;
}

export interface ConsumerRig {
  readonly def: AnyConsumerDefinition;
  /** the runtime's message processor, built as a transport builds it */
  readonly processor: MessageProcessor;
  readonly metrics: ConsumerMetrics;
  readonly registry: Registry;
  /** the DLQ copies sent (when no `send` was given) */
  readonly dlq: DlqCopy[];
  /** the group's parked messages (default: the definition's group), oldest first */
  parkedRows(group?: string): Promise<ParkedRow[]>;
}

/**
 * The one way a test drives a consumer definition through the platform's real message processor
 * (dedup, contract validation, error classes, parking, DLQ) over a real database without a broker:
 * the contract registry, the consumer metrics and a DLQ sink wired as a transport wires them.
 * Every harness builds on it (events, chessboard, devstats, catalog interleavings).
 */
export function createConsumerRig(
  def: AnyConsumerDefinition,
  db: Db,
  options: ConsumerRigOptions = {},
): ConsumerRig {
  const registry = options.registry ?? createMetricsRegistry();
  const metrics = createConsumerMetrics(registry, def.specMetrics);
  const dlq: DlqCopy[] = [];
  const processor = createMessageProcessor({
    def,
    db,
    log: options.log ?? createMemoryLogger().logger,
    clock: options.clock ?? new ManualClock(new Date()),
    contracts: contractRegistry(),
    metrics,
    send:
      options.send ??
      (async (message) => {
        dlq.push(message);
      }),
  });
  return {
    def,
    processor,
    metrics,
    registry,
    dlq,
    parkedRows: (group = def.group) => db.$queryRaw<ParkedRow[]>`
      SELECT id, topic, key, partition, "offset", value, headers, attempts
      FROM platform.parked_messages WHERE group_id = ${group} ORDER BY id`,
  };
}
