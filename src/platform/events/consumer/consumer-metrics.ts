import { counter, gauge, histogram, type Registry } from "../../metrics/registry.js";

const LABELS = ["group", "topic"] as const;
const DURATION_BUCKETS_MS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000];

/** The per-consumer metric family: `<prefix>_<name>` labelled by group and topic. */
export function createConsumerMetrics(registry: Registry, prefix: string) {
  const c = (name: string, help: string) => counter(registry, `${prefix}_${name}`, help, LABELS);
  return {
    consumed: counter(registry, `${prefix}_consumed_total`, "Messages handled, by result", [
      ...LABELS,
      "result",
    ]),
    dlq: counter(registry, `${prefix}_dlq_total`, "Messages dead-lettered, by error code", [
      ...LABELS,
      "code",
    ]),
    contractMismatch: c(
      "contract_mismatch_total",
      "Messages whose contract version differs from the expected one",
    ),
    stale: c("stale_total", "Messages refused by a version guard (skipped-stale)"),
    retries: c("retries_total", "Retriable failures (message parked for a later retry)"),
    conflicts: c("conflicts_total", "Optimistic-lock conflicts (immediate re-read and retry)"),
    skippedDuplicate: c("skipped_duplicate_total", "Redeliveries absorbed by the dedup key"),
    skipped: c("skipped_total", "Failures acknowledged by the skip policy"),
    infrastructure: c("infrastructure_errors_total", "Dependency failures that paused consumption"),
    discarded: c(
      "pipeline_discarded_total",
      "Pipelined batches rolled back before their commit because the batch before them did not commit (read again)",
    ),
    redriven: counter(
      registry,
      `${prefix}_parked_redriven_total`,
      "Parked messages made due at once because a message with their wait key was handled (decision 0580)",
      ["group"],
    ),
    lag: gauge(registry, `${prefix}_lag_seconds`, "Age of the last consumed message at consume time", LABELS),
    duration: histogram(
      registry,
      `${prefix}_consume_duration_ms`,
      "Handling time per message (ms)",
      LABELS,
      DURATION_BUCKETS_MS,
    ),
  };
}

export type ConsumerMetrics = ReturnType<typeof createConsumerMetrics>;
