import { EventEmitter } from "node:events";
import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { createMetricsRegistry, gauge } from "../../platform/metrics/registry.js";
import { truncateForLog } from "../../platform/validation/text.js";
import { documentProblem, variablesProblem } from "./input-guard.js";
import { LIMITS } from "./limits.js";
import { operationLabels } from "./operation-label.js";
import { createRateLimiter } from "./rate-limiter.js";
import { createWsLimits } from "./ws-limits.js";

describe("rate limiter (fixed one-minute windows per caller)", () => {
  it("refuses a caller over its limit until the next window, other callers unaffected", () => {
    let now = 60_000 * 1_000;
    const limiter = createRateLimiter({ maxKeys: 10, now: () => now });
    for (let i = 0; i < 3; i++) expect(limiter.take("user:a", 3).ok).toBe(true);
    expect(limiter.take("user:a", 3)).toMatchObject({ ok: false, retryAfterSeconds: 60 });
    expect(limiter.take("user:b", 3).ok).toBe(true);
    now += 60_000;
    expect(limiter.take("user:a", 3).ok).toBe(true);
  });
  it("charged cost (rows read) counts against the caller's rate", () => {
    const limiter = createRateLimiter({ maxKeys: 10, now: () => 0 });
    expect(limiter.take("user:a", 60).ok).toBe(true);
    limiter.charge("user:a", 59);
    expect(limiter.take("user:a", 60).ok).toBe(false);
  });
  it("keeps at most maxKeys callers per window (memory is bounded)", () => {
    const limiter = createRateLimiter({ maxKeys: 2, now: () => 0 });
    expect(limiter.take("a", 5).ok).toBe(true);
    expect(limiter.take("b", 5).ok).toBe(true);
    expect(limiter.take("c", 5).ok).toBe(false);
    expect(limiter.size()).toBe(2);
  });
});

describe("input guard", () => {
  it("refuses NUL, lone surrogates, over-long strings, deep or huge variables", () => {
    expect(variablesProblem({ a: "ok", b: [1, 2, { c: "fine" }] })).toBeNull();
    expect(variablesProblem({ a: "x\u0000" })).toMatch(/NUL/);
    expect(variablesProblem({ a: "\uDC00" })).toMatch(/surrogate/);
    expect(variablesProblem({ a: "x".repeat(10_001) })).toMatch(/longer/);
    let deep: unknown = "x";
    for (let i = 0; i < LIMITS.maxVariableDepth + 1; i++) deep = [deep];
    expect(variablesProblem({ deep })).toMatch(/nested/);
    expect(variablesProblem({ many: Array.from({ length: LIMITS.maxVariableNodes + 1 }, () => 1) })).toMatch(
      /more than/,
    );
  });
  it("refuses bad string literals and deeply nested list literals in the document", () => {
    expect(documentProblem(parse(`{ a(x: "fine") }`))).toBeNull();
    expect(documentProblem(parse(`{ a(x: "bad\\u0000") }`))).toMatch(/NUL/);
    expect(documentProblem(parse(`{ a(x: ${"[".repeat(20)}1${"]".repeat(20)}) }`))).toMatch(/nested/);
  });
});

describe("metric labels never take a client-chosen string", () => {
  it("unknown operation names are 'other'; the field is the first root field", () => {
    const known = new Set(["MyDeals"]);
    expect(operationLabels(known, parse("query MyDeals { deals { x } }"), "MyDeals")).toEqual({
      operation: "MyDeals",
      field: "deals",
    });
    expect(operationLabels(known, parse("query Zz123 { viewer { x } }"), "Zz123")).toEqual({
      operation: "other",
      field: "viewer",
    });
  });
});

describe("log values are bounded", () => {
  it("cuts long strings and big lists, at any depth", () => {
    const cut = truncateForLog({ id: "7".repeat(5_000_000), nested: { a: { b: "x".repeat(2_000) } } }) as {
      id: string;
      nested: { a: { b: string } };
    };
    expect(cut.id.length).toBeLessThan(1_100);
    expect(cut.nested.a.b.length).toBeLessThan(1_100);
    expect((truncateForLog(Array.from({ length: 1_000 }, () => 1)) as unknown[]).length).toBe(51);
  });
});

describe("WebSocket send buffer", () => {
  it("a client that does not read is dropped once its unsent bytes pass the bound", () => {
    const refused: string[] = [];
    const ws = createWsLimits({
      settings: { wsMaxConnectionsPerUser: 2, wsMaxSubscriptionsPerUser: 2, rateLimitUserPerMinute: 100 },
      limiter: createRateLimiter({ maxKeys: 10 }),
      onRefused: (reason) => refused.push(reason),
      gauge: gauge(createMetricsRegistry(), "g", "g"),
    });
    const sent: unknown[] = [];
    const socket = Object.assign(new EventEmitter(), {
      bufferedAmount: 0,
      terminated: false,
      send(data: unknown, done: () => void) {
        sent.push(data);
        done();
      },
      terminate() {
        this.terminated = true;
      },
      close() {},
    });
    ws.onSocket(socket as never);
    let settled = 0;
    ws.send(socket as never, "a", () => settled++);
    socket.bufferedAmount = LIMITS.wsMaxBufferedBytes + 1;
    ws.send(socket as never, "b", () => settled++);
    expect(sent).toEqual(["a"]);
    expect(settled).toBe(2);
    expect(socket.terminated).toBe(true);
    expect(refused).toEqual(["ws_slow_consumer"]);
  });
});

describe("issue #25: document nesting is bounded before parsing", () => {
  it("counts brackets of every kind, not those inside strings, block strings or comments", async () => {
    const { nestedDeeperThan } = await import("./document-depth.js");
    expect(nestedDeeperThan(`{ a(x: ${"[".repeat(5_000)}${"]".repeat(5_000)}) }`, 64)).toBe(true);
    expect(nestedDeeperThan(`{ a { b { c(x: { y: [1, [2]] }) } } }`, 7)).toBe(false);
    expect(nestedDeeperThan(`{ a { b { c(x: { y: [1, [2]] }) } } }`, 6)).toBe(true);
    expect(nestedDeeperThan(`{ a(s: "${"[".repeat(100)}", t: """${"{".repeat(100)} \\""" """) }`, 3)).toBe(
      false,
    );
    expect(nestedDeeperThan(`# ${"(".repeat(100)}\n{ a }`, 1)).toBe(false);
  });
});

describe("issue #25: /readyz answers from a one-second cache", () => {
  it("one computation per second however many callers, concurrent callers share it, a failure is retried", async () => {
    const { cachedFor } = await import("../../platform/ops/cached-answer.js");
    let t = 0;
    let runs = 0;
    let fail = false;
    const ready = cachedFor(
      1_000,
      async () => {
        runs++;
        if (fail) throw new Error("db down");
        return { ok: true };
      },
      () => t,
    );
    await Promise.all(Array.from({ length: 100 }, () => ready()));
    expect(runs).toBe(1);
    t = 999;
    await ready();
    expect(runs).toBe(1);
    t = 1_001;
    fail = true;
    await expect(ready()).rejects.toThrow("db down");
    await expect(ready()).rejects.toThrow("db down");
    expect(runs).toBe(3);
  });
});
