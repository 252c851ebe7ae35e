import { describe, expect, it } from "vitest";
import { isUuid, parseSequentialId } from "./ids.js";

describe("client id shapes", () => {
  it("accepts uuids and refuses anything else", () => {
    expect(isUuid("0b5e1d7a-0000-4000-8000-000000000001")).toBe(true);
    expect(isUuid("0b5e1d7a-0000-4000-8000-00000000000")).toBe(false);
    expect(isUuid("' OR 1=1 --")).toBe(false);
  });
  it("sequential ids are positive BIGINTs", () => {
    expect(parseSequentialId("1")).toBe(1n);
    expect(parseSequentialId("9223372036854775807")).toBe(9223372036854775807n);
    expect(parseSequentialId("9223372036854775808")).toBeNull();
    expect(parseSequentialId("0")).toBeNull();
    expect(parseSequentialId("-1")).toBeNull();
    expect(parseSequentialId("01")).toBeNull();
    expect(parseSequentialId("1e3")).toBeNull();
  });
});
