import { describe, expect, it } from "vitest";
import { flagDate, flagList, flagNumber, flagOn, flagText, parseCommandArgs } from "./args.js";
import { commandHelp } from "./help.js";
import { outputTo } from "./output.js";
import { DLQ, REPLAY } from "./specs.js";

describe("CLI arguments (issue #44): typed flags, errors that name the flag", () => {
  it("parses typed values and applies integer defaults", () => {
    const r = parseCommandArgs(DLQ.flags, ["list", "--group", "pin-catalog", "--limit", "5", "--all"]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.positionals).toEqual(["list"]);
    expect(flagText(r.value, "group")).toBe("pin-catalog");
    expect(flagNumber(r.value, "limit")).toBe(5);
    expect(flagOn(r.value, "all")).toBe(true);
    const d = parseCommandArgs(DLQ.flags, ["list"]);
    expect(d.ok && flagNumber(d.value, "limit")).toBe(100);
  });

  it.each([
    [["list", "--limit", "abc"], '--limit: expected an integer in 1..100000, got "abc"'],
    [["list", "--limit", "0"], "--limit: expected an integer in 1..100000"],
    [["list", "--limit=1e3"], "--limit: expected an integer"],
    [["list", "--code", "lower case"], "--code:"],
    [["list", "--bogus"], "unknown flag --bogus"],
    [["list", "--group"], "--group"],
  ])("refuses %j naming the flag", (argv, message) => {
    const r = parseCommandArgs(DLQ.flags, argv);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(message);
  });

  it("timestamps and lists are checked and typed", () => {
    const ok = parseCommandArgs(REPLAY.flags, ["--topics", "a, b", "--from", "2026-01-02T03:04:05Z"]);
    expect(ok.ok && flagList(ok.value, "topics")).toEqual(["a", "b"]);
    expect(ok.ok && flagDate(ok.value, "from")?.toISOString()).toBe("2026-01-02T03:04:05.000Z");
    const bad = parseCommandArgs(REPLAY.flags, ["--from", "yesterday"]);
    expect(!bad.ok && bad.error).toContain("--from: expected an ISO-8601 timestamp");
  });

  it("--help and --json are understood by every command", () => {
    const r = parseCommandArgs({}, ["--help", "--json"]);
    expect(r.ok && r.value.help && r.value.json).toBe(true);
    expect(commandHelp(DLQ)).toMatch(/--limit <n>\s+list: at most n rows \(1\.\.100000, default 100\)/);
  });

  it("with --json an item is one JSON line and notes leave stdout", () => {
    const lines: string[] = [];
    const out = outputTo((l) => void lines.push(l), true);
    out.item("human", { id: 1n, ok: true });
    expect(lines).toEqual(['{"id":"1","ok":true}']);
  });
});
