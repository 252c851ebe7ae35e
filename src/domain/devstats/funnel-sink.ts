import type { Logger } from "../../platform/log/logger.js";
import type { DevStatsMetrics } from "./devstats.metrics.js";
import type { DevStatsStore } from "./devstats.store.js";
import type { FunnelBookingRow, FunnelStageRow } from "./funnel.js";

/**
 * The sink scope of the batched consumer runtime: rows are written into it while a batch is
 * handled, `flush()` inserts them (≤ maxRows per insert) and resolves only once ClickHouse
 * confirmed every insert. The runtime commits offsets after flush() resolved, never before;
 * a rejected flush leaves the offsets where they were (the rows are dropped from the buffer:
 * the batch is re-delivered and rebuilt, and uniqState(BookingId) makes the replay harmless).
 */
export interface Sink<Row> {
  write(rows: readonly Row[]): void;
  flush(): Promise<{ rows: number; parts: number; inserts: number }>;
  readonly pending: number;
}

export interface FunnelSinkDeps<Row extends FunnelStageRow = FunnelBookingRow> {
  store: DevStatsStore;
  /** the stage's insert (one statement = one block): store.insertBookings / insertDeals */
  insert: (rows: readonly Row[]) => Promise<void>;
  metrics: DevStatsMetrics;
  log: Logger;
  /** PIN_DEVSTATS_BATCH_ROWS */
  maxRows: number;
}

/** Distinct monthly partitions of funnel_daily a set of rows touches = parts one insert creates. */
export function partsOf(rows: readonly FunnelStageRow[]): number {
  // Rows of a batch mostly share a month: slice only when it changes.
  const months = new Set<string>();
  let month = "";
  for (const row of rows) {
    if (month !== "" && row.EventDate.startsWith(month)) continue;
    month = row.EventDate.slice(0, 7);
    months.add(month);
  }
  return months.size;
}

export function createFunnelSink<Row extends FunnelStageRow = FunnelBookingRow>(
  deps: FunnelSinkDeps<Row>,
): Sink<Row> {
  const insert = deps.insert;
  let buffer: Row[] = [];
  return {
    get pending() {
      return buffer.length;
    },
    write(rows) {
      for (const row of rows) buffer.push(row);
    },
    async flush() {
      const rows = buffer;
      buffer = [];
      let parts = 0;
      let inserts = 0;
      for (let i = 0; i < rows.length; i += deps.maxRows) {
        const chunk = rows.slice(i, i + deps.maxRows);
        const started = performance.now();
        try {
          await insert(chunk);
        } catch (error) {
          deps.metrics.insertFailures.inc({ engine: deps.store.engine });
          deps.log.warn({ err: error, rows: chunk.length }, "funnel insert failed");
          throw error;
        }
        const chunkParts = partsOf(chunk);
        deps.metrics.insertDuration.observe(
          { engine: deps.store.engine },
          (performance.now() - started) / 1000,
        );
        deps.metrics.insertRows.observe(chunk.length);
        deps.metrics.insertParts.observe(chunkParts);
        deps.log.debug({ rows: chunk.length, parts: chunkParts }, "funnel rows inserted");
        parts += chunkParts;
        inserts += 1;
      }
      return { rows: rows.length, parts, inserts };
    },
  };
}

/** The runtime's BatchSink view of a sink (its flush resolves to nothing). */
export function asBatchSink<Row>(
  open: () => Sink<Row>,
): () => { write(rows: readonly Row[]): void; flush(): Promise<void> } {
  return () => {
    const sink = open();
    return {
      write: (rows) => sink.write(rows),
      flush: async () => {
        await sink.flush();
      },
    };
  };
}
