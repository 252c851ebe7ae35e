import { describe, expect, it } from "vitest";
import { tabSeparated } from "./clickhouse.js";

describe("tabSeparated: rows for INSERT … FORMAT TabSeparated", () => {
  it("columns are the first row's keys; one line per row, values in column order", () => {
    const out = tabSeparated([
      { Id: "a", Day: "2026-03-01", Version: 3 },
      { Day: "2026-03-02", Id: "b", Version: 0 },
    ]);
    expect(out.columns).toEqual(["Id", "Day", "Version"]);
    expect(out.bytes.toString()).toBe("a\t2026-03-01\t3\nb\t2026-03-02\t0\n");
  });

  it("escapes what would break a row or a column: backslash, tab, newline, CR, NUL", () => {
    const out = tabSeparated([{ S: "a\\b\tc\nd\re\0f" }]);
    expect(out.bytes.toString()).toBe("a\\\\b\\tc\\nd\\re\\0f\n");
  });

  it("booleans are 1/0, null is \\N, empty strings stay empty", () => {
    expect(tabSeparated([{ A: true, B: false, C: null, D: "" }]).bytes.toString()).toBe("1\t0\t\\N\t\n");
  });

  it("refuses values it cannot write faithfully (objects, NaN) instead of sending garbage", () => {
    expect(() => tabSeparated([{ A: { x: 1 } }])).toThrow(/column A/);
    expect(() => tabSeparated([{ A: Number.NaN }])).toThrow(/column A/);
  });

  it("no rows: no columns, no bytes", () => {
    const out = tabSeparated([]);
    expect(out.columns).toEqual([]);
    expect(out.bytes.length).toBe(0);
  });

  it("multi-byte text and rows longer than the first one (the buffer grows) come out whole", () => {
    const rows = [{ Name: "a" }, { Name: "Корпус «Север» 🏠".repeat(200) }, { Name: "b\tc" }];
    expect(tabSeparated(rows).bytes.toString("utf8")).toBe(`a\n${"Корпус «Север» 🏠".repeat(200)}\nb\\tc\n`);
  });
});
