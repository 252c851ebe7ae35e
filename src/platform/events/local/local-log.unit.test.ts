import { describe, expect, it } from "vitest";
import { inboundOf, stringHeaders } from "./local-log.js";

describe("local log headers reach the runtime as strings (as from Kafka)", () => {
  it("keeps strings, writes other values as JSON text, drops nulls", () => {
    expect(stringHeaders({ a: "x", b: 1, c: null, d: ["y"], e: { f: 2 } })).toEqual({
      a: "x",
      b: "1",
      d: '["y"]',
      e: '{"f":2}',
    });
  });

  it("a headers column that is not an object gives no headers", () => {
    expect(stringHeaders(null)).toEqual({});
    expect(stringHeaders(["event-type"])).toEqual({});
    expect(stringHeaders("x")).toEqual({});
    expect(inboundOf({ id: 7n, tx_id: "1", topic: "t", key: "k", value: "{}", headers: 5 }).headers).toEqual(
      {},
    );
  });
});
