import { describe, expect, it } from "vitest";
import { StatementNames } from "./statement-names.js";

describe("statement names (decision 0628)", () => {
  it("one name per distinct text, the same name for the same text", () => {
    const names = new StatementNames("p_");
    expect(names.nameOf("SELECT 1", 0)).toBe("p_0");
    expect(names.nameOf("SELECT 2", 0)).toBe("p_1");
    expect(names.nameOf("SELECT 1", 0)).toBe("p_0");
    expect(names.size).toBe(2);
  });

  it("texts with many parameters or very long ones stay unnamed, and so does every text past the cap", () => {
    const names = new StatementNames("p_");
    expect(names.nameOf("SELECT $1", 101)).toBe("");
    expect(names.nameOf(`SELECT '${"x".repeat(20_001)}'`, 0)).toBe("");
    for (let i = 0; i < 2_000; i++) names.nameOf(`SELECT ${i}`, 0);
    expect(names.size).toBe(2_000);
    expect(names.nameOf("SELECT 'one more'", 0)).toBe("");
    expect(names.nameOf("SELECT 7", 0)).toBe("p_7");
  });
});
