import { ManualClock } from "../../../clock/clock.js";
import { createLogger } from "../../../log/logger.js";
import { createMetricsRegistry } from "../../../metrics/registry.js";
import { classifyDefault } from "../classify-error.js";
import { createConsumerMetrics } from "../consumer-metrics.js";
import { dedupKeyHash } from "../dedup-key.js";
import { DEFAULT_RETRY_POLICY } from "../retry-policy.js";
import type { RunDeps } from "./3-execute.js";
import { createRecorder } from "./6-record.js";
import type { Item } from "./types.js";

/** Items, a recorder and run deps for the stages' unit tests (no database, no broker). */
export const GROUP = "unit-group";
export const TOPIC = "pin.unit.thing-changed.v1";

export function itemOf(
  index: number,
  key: string,
  opts: { messageId?: string; attempt?: number } = {},
): Item {
  const messageId = opts.messageId ?? `m-${index}`;
  const message = { topic: TOPIC, partition: 0, offset: String(index), key, value: "{}", headers: {} };
  return {
    index,
    message,
    envelope: {
      topic: TOPIC,
      key,
      payload: { Key: key, Seq: index },
      metadata: {
        messageId,
        eventType: "thing-changed",
        contractVersion: 1,
        aggregateId: key,
        aggregateType: "thing",
        createdAt: "2026-01-01T00:00:00.000Z",
        correlationId: messageId,
        causationId: null,
        traceparent: null,
      },
    },
    dedupKey: dedupKeyHash(`${GROUP}:${TOPIC}:${messageId}`),
    attempt: opts.attempt ?? 1,
    waitKey: null,
  };
}

export function runDepsOf(classify: RunDeps["classify"] = classifyDefault) {
  const clock = new ManualClock("2026-01-01T00:00:00.000Z");
  const log = createLogger({ level: "silent", pretty: false });
  const metrics = createConsumerMetrics(createMetricsRegistry(), "unit_consumer");
  const record = createRecorder({ group: GROUP, log, clock, metrics, skipInvalid: false });
  const deps: RunDeps = { classify, policy: DEFAULT_RETRY_POLICY, clock, record };
  return { ...deps, log, metrics, group: GROUP };
}
