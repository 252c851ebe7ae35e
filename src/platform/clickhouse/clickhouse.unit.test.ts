import { describe, expect, it } from "vitest";
import { tabSeparated } from "./clickhouse.js";

describe("tabSeparated: rows for INSERT … FORMAT TabSeparated", () => {
  it("columns are the first row's keys; one line per row, values in column order", () => {
    const out = tabSeparated([
      { Id: "a", Day: "2026-03-01", Version: 3 },
      { Day: "2026-03-02", Id: "b", Version: 0 },
    ]);
    expect(out.columns).toEqual(["Id", "Day", "Version"]);
    expect(out.text).toBe("a\t2026-03-01\t3\nb\t2026-03-02\t0\n");
  });

  it("escapes what would break a row or a column: backslash, tab, newline, CR, NUL", () => {
    const out = tabSeparated([{ S: "a\\b\tc\nd\re\0f" }]);
    expect(out.text).toBe("a\\\\b\\tc\\nd\\re\\0f\n");
  });

  it("booleans are 1/0, null is \\N, empty strings stay empty", () => {
    expect(tabSeparated([{ A: true, B: false, C: null, D: "" }]).text).toBe("1\t0\t\\N\t\n");
  });

  it("refuses values it cannot write faithfully (objects, NaN) instead of sending garbage", () => {
    expect(() => tabSeparated([{ A: { x: 1 } }])).toThrow(/column A/);
    expect(() => tabSeparated([{ A: Number.NaN }])).toThrow(/column A/);
  });

  it("no rows: no columns, no text", () => {
    expect(tabSeparated([])).toEqual({ columns: [], text: "" });
  });
});
