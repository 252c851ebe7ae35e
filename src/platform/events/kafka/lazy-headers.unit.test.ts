import { describe, expect, it } from "vitest";
import { HEADER } from "../envelope.js";
import { parseEnvelope } from "../wire.js";
import { toInbound } from "./kafkajs-port.js";
import { lazyHeaders } from "./lazy-headers.js";

/** A header buffer that counts how often it is decoded. */
function counted(text: string, reads: Map<string, number>, name: string): Buffer {
  const buffer = Buffer.from(text);
  const decode = buffer.toString.bind(buffer);
  buffer.toString = ((...args: Parameters<Buffer["toString"]>) => {
    reads.set(name, (reads.get(name) ?? 0) + 1);
    return decode(...args);
  }) as Buffer["toString"];
  return buffer;
}

const RAW = {
  [HEADER.messageId]: "m-1",
  [HEADER.eventType]: "booking-created",
  [HEADER.contractVersion]: "1",
  [HEADER.aggregateId]: "agg-1",
  [HEADER.aggregateType]: "Booking",
  [HEADER.createdAt]: "2026-12-03T12:00:00.000Z",
  [HEADER.correlationId]: "c-1",
  [HEADER.traceparent]: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
};

describe("lazy Kafka headers (decision 0505)", () => {
  it("decodes a header the first time it is read, once, and no other", () => {
    const reads = new Map<string, number>();
    const raw = Object.fromEntries(Object.entries(RAW).map(([k, v]) => [k, counted(v, reads, k)]));
    const headers = lazyHeaders(raw);
    expect(reads.size).toBe(0);
    expect(headers[HEADER.messageId]).toBe("m-1");
    expect(headers[HEADER.messageId]).toBe("m-1");
    expect([...reads]).toEqual([[HEADER.messageId, 1]]);
    expect(headers["no-such-header"]).toBeUndefined();
  });

  it("the runtime's admission reads only message id, event type and contract version; the rest when asked", () => {
    const reads = new Map<string, number>();
    const raw = Object.fromEntries(Object.entries(RAW).map(([k, v]) => [k, counted(v, reads, k)]));
    const message = toInbound("pin.crm.booking-created.v1", 0, {
      key: Buffer.from("agg-1"),
      value: Buffer.from("{}"),
      timestamp: "0",
      attributes: 0,
      offset: "7",
      headers: raw,
    });
    const parsed = parseEnvelope(message);
    if (!parsed.ok) throw new Error(parsed.error);
    expect([...reads.keys()].sort()).toEqual(
      [HEADER.contractVersion, HEADER.eventType, HEADER.messageId].sort(),
    );
    expect(parsed.envelope.metadata.createdAt).toBe(RAW[HEADER.createdAt]);
    expect(parsed.envelope.metadata.causationId).toBeNull();
    expect(parsed.envelope.metadata.aggregateType).toBe("Booking");
    expect(reads.get(HEADER.createdAt)).toBe(1);
    expect(reads.has(HEADER.traceparent)).toBe(false);
  });

  it("enumeration, `in`, spreads and JSON see every header decoded (park and DLQ copies)", () => {
    const raw = {
      ...Object.fromEntries(Object.entries(RAW).map(([k, v]) => [k, Buffer.from(v)])),
      "x-list": [Buffer.from("first"), Buffer.from("second")],
      "x-empty": [],
    };
    const headers = lazyHeaders(raw);
    const plain = { ...RAW, "x-list": "first" };
    expect({ ...headers }).toEqual(plain);
    expect(JSON.parse(JSON.stringify(headers))).toEqual(plain);
    expect(Object.keys(headers).sort()).toEqual(Object.keys(plain).sort());
    expect(HEADER.messageId in headers).toBe(true);
    expect("x-empty" in headers).toBe(false);
    expect(lazyHeaders(undefined)).toEqual({});
  });

  it("is read-only, as the eager record was to the runtime", () => {
    const headers = lazyHeaders({ a: Buffer.from("1") }) as Record<string, string>;
    expect(() => {
      headers.a = "2";
    }).toThrow(TypeError);
    expect(headers.a).toBe("1");
  });
});

describe("lazy Kafka headers: names that are not plain", () => {
  it("a header named like an Object.prototype member is just a header", () => {
    const headers = lazyHeaders({ toString: Buffer.from("t"), raw: Buffer.from("r") });
    expect(headers.toString).toBe("t");
    expect(headers.raw).toBe("r");
    expect(lazyHeaders({ a: Buffer.from("1") }).constructor).toBeUndefined();
  });
});
