import { describe, expect, it } from "vitest";
import { ConfigError } from "../config/settings.js";
import { clickhouseStartVerdict, databaseStartVerdict } from "./dependency-verdicts.js";
import { backoffDelayMs } from "./retry-until-ready.js";

const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });

describe("databaseStartVerdict (issue #21): PostgreSQL not there yet is waited for", () => {
  it.each([
    ["refused", withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
    ["starting up (57P03)", withCode("57P03", "the database system is starting up")],
    ["too many connections", withCode("53300")],
    ["terminated", new Error("Connection terminated unexpectedly")],
    ["wrapped", new Error("outer", { cause: withCode("ECONNREFUSED") })],
  ])("%s → retry", (_, e) => {
    expect(databaseStartVerdict(e).retry).toBe(true);
  });

  it.each([
    ["wrong password", withCode("28P01")],
    ["no such database", withCode("3D000")],
    ["unknown host", withCode("ENOTFOUND", "getaddrinfo ENOTFOUND db.invalid")],
  ])("%s → a configuration error naming DATABASE_URL", (_, e) => {
    const verdict = databaseStartVerdict(e);
    expect(verdict.retry).toBe(false);
    if (verdict.retry) return;
    expect(verdict.fatal).toBeInstanceOf(ConfigError);
    expect(verdict.fatal.message).toContain("DATABASE_URL");
  });

  it("a failing migration is passed on as it is", () => {
    const sql = withCode("42601", "syntax error");
    expect(databaseStartVerdict(sql)).toEqual({ retry: false, fatal: sql });
  });
});

describe("clickhouseStartVerdict", () => {
  it("a refused or timed-out server is waited for; a rejected statement is not", () => {
    expect(clickhouseStartVerdict(withCode("ECONNREFUSED")).retry).toBe(true);
    expect(clickhouseStartVerdict(new Error("Timeout error.")).retry).toBe(true);
    expect(clickhouseStartVerdict(new Error("Code: 62. Syntax error")).retry).toBe(false);
    const unknown = clickhouseStartVerdict(withCode("ENOTFOUND"));
    expect(unknown.retry).toBe(false);
    if (!unknown.retry) expect(unknown.fatal.message).toContain("CLICKHOUSE_URL");
  });
});

describe("backoffDelayMs", () => {
  it("doubles from the minimum to the cap, half of it jittered", () => {
    const b = { minMs: 100, maxMs: 1_000 };
    expect(backoffDelayMs(1, b, 0)).toBe(50);
    expect(backoffDelayMs(1, b, 0.999)).toBe(100);
    expect(backoffDelayMs(3, b, 0.999)).toBe(400);
    expect(backoffDelayMs(50, b, 0.999)).toBe(1_000);
    expect(backoffDelayMs(50, b, 0)).toBe(500);
    expect(backoffDelayMs(0, b, 0)).toBe(50);
  });
});
