import { describe, expect, it } from "vitest";
import { HEADER } from "./envelope.js";
import { dedupKeyOf, headersOf, parseEnvelope } from "./wire.js";

const metadata = {
  messageId: "6f1c1f0e-0000-4000-8000-000000000001",
  eventType: "booking-created",
  contractVersion: 1,
  aggregateId: "b-1",
  aggregateType: "Booking",
  createdAt: "2026-01-01T00:00:00.000Z",
  correlationId: "corr-1",
  causationId: null,
  traceparent: null,
};

describe("wire format", () => {
  it("writes every known metadata field under its fixed header name and omits nulls", () => {
    const headers = headersOf(metadata);
    expect(headers).toEqual({
      [HEADER.messageId]: metadata.messageId,
      [HEADER.eventType]: "booking-created",
      [HEADER.contractVersion]: "1",
      [HEADER.aggregateId]: "b-1",
      [HEADER.aggregateType]: "Booking",
      [HEADER.createdAt]: metadata.createdAt,
      [HEADER.correlationId]: "corr-1",
    });
  });

  it("round-trips an envelope and derives the dedup key <group>:<topic>:<messageId>", () => {
    const parsed = parseEnvelope({
      topic: "pin.crm.booking-created.v1",
      partition: 0,
      offset: "7",
      key: "b-1",
      value: JSON.stringify({ BookingId: "b-1" }),
      headers: headersOf(metadata),
    });
    if (!parsed.ok) throw new Error(parsed.error);
    // Each field read through the envelope's metadata, and its JSON form (logs) the same fields.
    expect(parsed.envelope.metadata).toMatchObject(metadata);
    expect(JSON.parse(JSON.stringify(parsed.envelope.metadata))).toEqual(metadata);
    expect(parsed.envelope.payload).toEqual({ BookingId: "b-1" });
    expect(dedupKeyOf("pin-chessboard-booking-status", parsed.envelope)).toBe(
      `pin-chessboard-booking-status:pin.crm.booking-created.v1:${metadata.messageId}`,
    );
  });

  it("refuses a message without message-id or with a non-JSON value", () => {
    const base = { topic: "t", partition: 0, offset: "0", key: "k", value: "{}", headers: {} };
    expect(parseEnvelope(base)).toEqual({ ok: false, error: "header message-id is missing" });
    expect(parseEnvelope({ ...base, value: "nope", headers: { [HEADER.messageId]: "m" } }).ok).toBe(false);
  });
});
