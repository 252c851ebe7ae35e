import { describe, expect, it } from "vitest";
import { createMemoryLogger } from "./logger.js";

describe("logged errors keep their cause (issue #25: `err: {}`)", () => {
  it("a RangeError and a domain-like error keep type, message and stack; long messages are still cut", () => {
    const { logger, entries } = createMemoryLogger();
    logger.error({ err: new RangeError("Maximum call stack size exceeded") }, "unexpected");
    const domain = Object.assign(new Error("property object unknown"), { code: "X_NOT_FOUND" });
    logger.warn({ err: domain, other: new Error("x".repeat(5_000)) }, "parked");
    type Line = { err: Record<string, unknown>; other: Record<string, unknown> };
    const [first, second] = entries as unknown as [Line, Line];
    expect(first.err).toMatchObject({ type: "RangeError", message: "Maximum call stack size exceeded" });
    expect(String(first.err.stack)).toContain("RangeError");
    expect(second.err).toMatchObject({
      type: "Error",
      message: "property object unknown",
      code: "X_NOT_FOUND",
    });
    expect(String(second.other.message).length).toBeLessThan(1_100);
  });
});
