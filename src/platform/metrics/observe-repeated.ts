import type { Histogram, LabelValues } from "prom-client";

/** What prom-client 15 keeps per labelled series of a histogram (lib/histogram.js). */
interface SeriesState {
  labels: Record<string, string | number>;
  bucketValues: Record<number, number>;
  sum: number;
  count: number;
}
interface HistogramState {
  hashMap: Record<string, SeriesState | undefined>;
  upperBounds: number[];
}

const sameLabels = (a: Record<string, string | number>, b: Record<string, string | number | undefined>) => {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
};

/**
 * `times` observations of the same value, leaving the histogram exactly as `times` calls of
 * `observe(labels, value)` would (count, every bucket, and the sum added value by value), for the
 * price of one labelled call (decision 0214): the consumer runtime records every message of a
 * batch with the batch's elapsed time. The first observation goes through prom-client (label and
 * value checks, the series created); the rest are added to that series' state. prom-client is
 * pinned; if its state is not where this expects it, every observation goes through `observe`.
 */
export function observeRepeated<L extends string>(
  histogram: Histogram<L>,
  labels: LabelValues<L>,
  value: number,
  times: number,
): void {
  if (times <= 0) return;
  histogram.observe(labels, value);
  if (times === 1) return;
  const state = histogram as unknown as Partial<HistogramState>;
  let series: SeriesState | undefined;
  if (state.hashMap && Array.isArray(state.upperBounds)) {
    for (const candidate of Object.values(state.hashMap)) {
      if (candidate && sameLabels(candidate.labels, labels as Record<string, string | number | undefined>)) {
        series = candidate;
        break;
      }
    }
  }
  if (!series || typeof series.sum !== "number" || typeof series.count !== "number") {
    for (let i = 1; i < times; i++) histogram.observe(labels, value);
    return;
  }
  const bound = (state.upperBounds as number[]).find((b) => value <= b);
  for (let i = 1; i < times; i++) series.sum += value;
  series.count += times - 1;
  if (bound !== undefined && Object.hasOwn(series.bucketValues, bound)) {
    series.bucketValues[bound] = (series.bucketValues[bound] as number) + times - 1;
  }
}
