import { observeRepeated } from "../../metrics/observe-repeated.js";
import {
  counter,
  gauge,
  histogram
} from "../../metrics/registry.js";
const LABELS = ["group", "topic"];
const CONSUME_DURATION_BUCKETS_SECONDS = [
  1e-3,
  2e-3,
  5e-3,
  0.01,
  0.025,
  0.05,
  0.1,
  0.25,
  0.5,
  1,
  2.5,
  5,
  10
];
const CONSUME_DURATION_BUCKETS_MS = CONSUME_DURATION_BUCKETS_SECONDS.map((s) => Math.round(s * 1e3));
function sharedFamilies(registry) {
  const c = (name, help) => counter(registry, `pin_consumer_${name}`, help, LABELS);
  return {
    consumed: counter(registry, "pin_consumer_consumed_total", "Messages handled, by result", [
      ...LABELS,
      "result"
    ]),
    dlq: counter(registry, "pin_consumer_dlq_total", "Messages dead-lettered, by error code", [
      ...LABELS,
      "code"
    ]),
    contractMismatch: c(
      "contract_mismatch_total",
      "Messages whose contract version differs from the expected one"
    ),
    stale: c("stale_total", "Messages refused by a version guard (skipped-stale)"),
    retries: c("retries_total", "Retriable failures (message parked for a later retry)"),
    conflicts: c("conflicts_total", "Optimistic-lock conflicts (immediate re-read and retry)"),
    skippedDuplicate: c("skipped_duplicate_total", "Redeliveries absorbed by the dedup key"),
    skipped: c("skipped_total", "Failures acknowledged by the skip policy"),
    infrastructure: c("infrastructure_errors_total", "Dependency failures that paused consumption"),
    discarded: c(
      "pipeline_discarded_total",
      "Pipelined batches rolled back before their commit because the batch before them did not commit (read again)"
    ),
    redriven: counter(
      registry,
      "pin_consumer_parked_redriven_total",
      "Parked messages made due at once because a message with their wait key was handled (decision 0580)",
      ["group"]
    ),
    lag: gauge(
      registry,
      "pin_consumer_lag_seconds",
      "Age of the last consumed message at consume time",
      LABELS
    ),
    duration: histogram(
      registry,
      "pin_consumer_consume_duration_seconds",
      "Handling time per message",
      LABELS,
      CONSUME_DURATION_BUCKETS_SECONDS
    )
  };
}
function specFamilies(registry, names) {
  const c = (name, help) => counter(registry, name, help, LABELS);
  return {
    dlq: counter(registry, names.dlq, "Messages dead-lettered, by error code (spec name)", [
      ...LABELS,
      "code"
    ]),
    contractMismatch: c(
      names.contractMismatch,
      "Messages whose contract version differs from the expected one (spec name)"
    ),
    stale: c(names.stale, "Messages refused by a version guard (skipped-stale) (spec name)"),
    retries: c(names.retries, "Retriable failures (message parked for a later retry) (spec name)"),
    conflicts: c(names.conflicts, "Optimistic-lock conflicts (immediate re-read and retry) (spec name)"),
    lag: gauge(
      registry,
      names.lagSeconds,
      "Age of the last consumed message at consume time (spec name)",
      LABELS
    ),
    durationMs: histogram(
      registry,
      names.consumeDurationMs,
      "Handling time per message in ms (spec name; pin_consumer_consume_duration_seconds in seconds)",
      LABELS,
      CONSUME_DURATION_BUCKETS_MS
    )
  };
}
function twice(shared, spec) {
  if (!spec) return shared;
  return {
    inc(labels, value) {
      shared.inc(labels, value);
      spec.inc(labels, value);
    }
  };
}
function lagOf(shared, spec) {
  return {
    set(labels, seconds) {
      shared.set(labels, seconds);
      spec?.set(labels, seconds);
    }
  };
}
function durationOf(shared, specMs) {
  return {
    record(labels, elapsedMs, times) {
      observeRepeated(shared, labels, elapsedMs / 1e3, times);
      if (specMs) observeRepeated(specMs, labels, elapsedMs, times);
    }
  };
}
function createConsumerMetrics(registry, specNamed) {
  const shared = sharedFamilies(registry);
  const spec = specNamed ? specFamilies(registry, specNamed) : void 0;
  return {
    consumed: shared.consumed,
    dlq: twice(shared.dlq, spec?.dlq),
    contractMismatch: twice(shared.contractMismatch, spec?.contractMismatch),
    stale: twice(shared.stale, spec?.stale),
    retries: twice(shared.retries, spec?.retries),
    conflicts: twice(shared.conflicts, spec?.conflicts),
    skippedDuplicate: shared.skippedDuplicate,
    skipped: shared.skipped,
    infrastructure: shared.infrastructure,
    discarded: shared.discarded,
    redriven: shared.redriven,
    lag: lagOf(shared.lag, spec?.lag),
    duration: durationOf(shared.duration, spec?.durationMs)
  };
}
export {
  CONSUME_DURATION_BUCKETS_SECONDS,
  createConsumerMetrics
};
//# sourceMappingURL=consumer-metrics.js.map
