import { describe, expect, it } from "vitest";
import { isIsoDate, SqlLiteralError, sqlDate, sqlIdentifier, sqlUuid, sqlUuidList } from "./sql-literal.js";

const U = "0b6c1f3e-2d4a-4c5b-9e8f-1a2b3c4d5e6f";

describe("sql-literal: the only way values are inlined into ClickHouse SQL", () => {
  it("quotes a UUID, lower-cased", () => {
    expect(sqlUuid(U)).toBe(`'${U}'`);
    expect(sqlUuid(U.toUpperCase())).toBe(`'${U}'`);
  });

  it.each([
    "",
    "x",
    `${U}'`,
    `${U} OR 1=1`,
    `' OR '1'='1`,
    `${U.slice(0, -1)}\\`,
    `${U}\n`,
    "0b6c1f3e2d4a4c5b9e8f1a2b3c4d5e6f",
    null,
    undefined,
    42,
    { toString: () => U },
  ])("refuses a non-UUID %j", (value) => {
    expect(() => sqlUuid(value)).toThrow(SqlLiteralError);
  });

  it("dates: only real calendar days in ClickHouse's Date range", () => {
    expect(sqlDate("2026-03-01")).toBe("toDate('2026-03-01')");
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2000-02-29")).toBe(true);
    expect(isIsoDate("2105-12-31")).toBe(true);
    expect(isIsoDate("1970-01-01")).toBe(true);
    for (const bad of [
      "2100-02-29",
      "2026-04-31",
      "2026-00-10",
      "2026-01-00",
      "2026-02-30",
      "2023-02-29",
      "2026-13-01",
      "1969-12-31",
      "2106-01-01",
      "2026-3-1",
      "2026-03-01'",
      "2026-03-01T00:00:00Z",
      "",
      20260301,
    ]) {
      expect(() => sqlDate(bad), String(bad)).toThrow(SqlLiteralError);
    }
  });

  it("UUID lists: deduplicated, never empty", () => {
    expect(sqlUuidList([U, U.toUpperCase()])).toBe(`('${U}')`);
    expect(() => sqlUuidList([])).toThrow(SqlLiteralError);
    expect(() => sqlUuidList([U, "x'"])).toThrow(SqlLiteralError);
  });

  it("identifiers: our own lower-case names only", () => {
    expect(sqlIdentifier("pin_dev_stats")).toBe("pin_dev_stats");
    for (const bad of ["Pin", "a-b", "a;b", "1abc", "a b", ""])
      expect(() => sqlIdentifier(bad)).toThrow(SqlLiteralError);
  });
});
