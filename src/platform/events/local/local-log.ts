import type { InboundMessage } from "../wire.js";

/**
 * The local event log's types and row mapping; its SQL is one operation per file in `sql/`
 * (append, read-committed, load/save-offset, latest-position, has-rows-after, delete-appended-before).
 */

/** Position in the local log: commit order is (tx_id, id), tx_id being the appending xid8. */
export interface LogPosition {
  txId: string;
  id: bigint;
}

export interface LogRow {
  id: bigint;
  tx_id: string;
  topic: string;
  key: string;
  value: string;
  headers: unknown;
}

/** A log row as the consumer runtime sees it: one partition, offset = row id. */
export function inboundOf(row: LogRow): InboundMessage {
  return {
    topic: row.topic,
    partition: 0,
    offset: String(row.id),
    key: row.key,
    value: row.value,
    headers: stringHeaders(row.headers),
  };
}

/**
 * The log's headers column is jsonb: whatever wrote the row (a hand-written INSERT, a bug), the
 * runtime gets string values only, as from Kafka (decision 0172). Non-strings are kept as their
 * JSON text so a dead letter shows them; null values and a non-object column are dropped.
 */
export function stringHeaders(raw: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return headers;
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value === "string") headers[name] = value;
    else if (value !== null && value !== undefined) headers[name] = JSON.stringify(value);
  }
  return headers;
}

export const START_POSITION: LogPosition = { txId: "0", id: 0n };
