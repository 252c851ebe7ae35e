import type { LabelValues } from "prom-client";
import { observeRepeated } from "../../metrics/observe-repeated.js";
import {
  type Counter,
  counter,
  type Gauge,
  gauge,
  type Histogram,
  histogram,
  type Registry,
} from "../../metrics/registry.js";

const LABELS = ["group", "topic"] as const;
type GroupTopic = (typeof LABELS)[number];

/** Handling time per message in seconds: 1 ms … 10 s. */
export const CONSUME_DURATION_BUCKETS_SECONDS = [
  0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];
/** The same boundaries in ms, for a spec-named `_consume_duration_ms` histogram (decision 0604). */
const CONSUME_DURATION_BUCKETS_MS = CONSUME_DURATION_BUCKETS_SECONDS.map((s) => Math.round(s * 1000));

/**
 * The names a consumer's spec gives its runtime metrics (decision 0604: the catalog sync's spec
 * names `catalog_chessboard_sync_*`). They are kept, with the shared family's labels, besides it.
 */
export interface SpecNamedConsumerMetrics {
  readonly lagSeconds: string;
  /** milliseconds, as the spec writes it */
  readonly consumeDurationMs: string;
  readonly stale: string;
  readonly retries: string;
  readonly dlq: string;
  readonly conflicts: string;
  readonly contractMismatch: string;
}

/** A counter's one call the runtime makes; a spec-named twin is counted by the same call. */
export interface CountBy<L extends string> {
  inc(labels: LabelValues<L>, value?: number): void;
}

/** The per-message handling time, recorded `times` times with one elapsed time in ms. */
export interface DurationBy {
  record(labels: LabelValues<GroupTopic>, elapsedMs: number, times: number): void;
}

export interface LagBy {
  set(labels: LabelValues<GroupTopic>, seconds: number): void;
}

/**
 * The consumer runtime's families, one each for every consumer group: `pin_consumer_*`, labelled
 * by group and topic (decision 0604). Get-or-create: the consumers of one process share them.
 */
function sharedFamilies(registry: Registry) {
  const c = (name: string, help: string) => counter(registry, `pin_consumer_${name}`, help, LABELS);
  return {
    consumed: counter(registry, "pin_consumer_consumed_total", "Messages handled, by result", [
      ...LABELS,
      "result",
    ]),
    dlq: counter(registry, "pin_consumer_dlq_total", "Messages dead-lettered, by error code", [
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
      "pin_consumer_parked_redriven_total",
      "Parked messages made due at once because a message with their wait key was handled (decision 0580)",
      ["group"],
    ),
    lag: gauge(
      registry,
      "pin_consumer_lag_seconds",
      "Age of the last consumed message at consume time",
      LABELS,
    ),
    duration: histogram(
      registry,
      "pin_consumer_consume_duration_seconds",
      "Handling time per message",
      LABELS,
      CONSUME_DURATION_BUCKETS_SECONDS,
    ),
  };
}

function specFamilies(registry: Registry, names: SpecNamedConsumerMetrics) {
  const c = (name: string, help: string) => counter(registry, name, help, LABELS);
  return {
    dlq: counter(registry, names.dlq, "Messages dead-lettered, by error code (spec name)", [
      ...LABELS,
      "code",
    ]),
    contractMismatch: c(
      names.contractMismatch,
      "Messages whose contract version differs from the expected one (spec name)",
    ),
    stale: c(names.stale, "Messages refused by a version guard (skipped-stale) (spec name)"),
    retries: c(names.retries, "Retriable failures (message parked for a later retry) (spec name)"),
    conflicts: c(names.conflicts, "Optimistic-lock conflicts (immediate re-read and retry) (spec name)"),
    lag: gauge(
      registry,
      names.lagSeconds,
      "Age of the last consumed message at consume time (spec name)",
      LABELS,
    ),
    durationMs: histogram(
      registry,
      names.consumeDurationMs,
      "Handling time per message in ms (spec name; pin_consumer_consume_duration_seconds in seconds)",
      LABELS,
      CONSUME_DURATION_BUCKETS_MS,
    ),
  };
}

/** One call counts both: the shared family and the consumer's spec-named one. */
function twice<L extends string>(shared: Counter<L>, spec: Counter<L> | undefined): CountBy<L> {
  if (!spec) return shared;
  return {
    inc(labels, value) {
      shared.inc(labels, value);
      spec.inc(labels, value);
    },
  };
}

function lagOf(shared: Gauge<GroupTopic>, spec: Gauge<GroupTopic> | undefined): LagBy {
  return {
    set(labels, seconds) {
      shared.set(labels, seconds);
      spec?.set(labels, seconds);
    },
  };
}

function durationOf(shared: Histogram<GroupTopic>, specMs: Histogram<GroupTopic> | undefined): DurationBy {
  return {
    record(labels, elapsedMs, times) {
      observeRepeated(shared, labels, elapsedMs / 1000, times);
      if (specMs) observeRepeated(specMs, labels, elapsedMs, times);
    },
  };
}

/**
 * What the consumer runtime records, for one consumer: the shared `pin_consumer_*` family
 * (labelled by group and topic) and, when its spec names them, the consumer's own names too.
 */
export function createConsumerMetrics(registry: Registry, specNamed?: SpecNamedConsumerMetrics) {
  const shared = sharedFamilies(registry);
  const spec = specNamed ? specFamilies(registry, specNamed) : undefined;
  return {
    consumed: shared.consumed as CountBy<GroupTopic | "result">,
    dlq: twice(shared.dlq, spec?.dlq),
    contractMismatch: twice(shared.contractMismatch, spec?.contractMismatch),
    stale: twice(shared.stale, spec?.stale),
    retries: twice(shared.retries, spec?.retries),
    conflicts: twice(shared.conflicts, spec?.conflicts),
    skippedDuplicate: shared.skippedDuplicate as CountBy<GroupTopic>,
    skipped: shared.skipped as CountBy<GroupTopic>,
    infrastructure: shared.infrastructure as CountBy<GroupTopic>,
    discarded: shared.discarded as CountBy<GroupTopic>,
    redriven: shared.redriven as CountBy<"group">,
    lag: lagOf(shared.lag, spec?.lag),
    duration: durationOf(shared.duration, spec?.durationMs),
  };
}

export type ConsumerMetrics = ReturnType<typeof createConsumerMetrics>;
