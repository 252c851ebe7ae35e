import { describe, expect, it } from "vitest";
import { type KeysetPosition, keysetPaging } from "./keyset.js";

const DEFAULT = 20;
const MAX = 100;
const paging = keysetPaging({ errorCode: "CRM_INVALID_CURSOR", defaultSize: DEFAULT, maxSize: MAX });
const encodeBookingCursor = paging.encode;
const decodeBookingCursor = paging.decode;
const toPage = paging.page;
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
const row = (minute: number, id: string): KeysetPosition => ({ createdAt: at(minute), id });
const ID_A = "00000000-0000-4000-8000-00000000000a";
const ID_B = "00000000-0000-4000-8000-00000000000b";
const ID_C = "00000000-0000-4000-8000-00000000000c";

describe("keyset cursor codec", () => {
  it("round-trips (createdAt, id) to the millisecond", () => {
    const p = { createdAt: new Date("2026-03-01T10:00:00.123Z"), id: ID_A };
    expect(decodeBookingCursor(encodeBookingCursor(p))).toEqual(p);
  });

  it.each([
    ["garbage", "not-a-cursor"],
    ["an offset cursor of the old API", Buffer.from("arrayconnection:3").toString("base64url")],
    ["a bad date", Buffer.from(`bk1|yesterday|${ID_A}`).toString("base64url")],
    ["a bad id", Buffer.from("bk1|2026-03-01T10:00:00.000Z|42").toString("base64url")],
  ])("refuses %s with CRM_INVALID_CURSOR", (_what, cursor) => {
    expect(() => decodeBookingCursor(cursor)).toThrow(
      expect.objectContaining({ code: "CRM_INVALID_CURSOR" }),
    );
  });
});

describe("paging.window", () => {
  it("defaults to the first page of the default size", () => {
    expect(paging.window({})).toEqual({ direction: "older", from: null, size: DEFAULT });
  });

  it("first/after reads older rows from the cursor, clamped to the maximum", () => {
    const after = encodeBookingCursor(row(5, ID_A));
    expect(paging.window({ first: 1000, after })).toEqual({
      direction: "older",
      from: row(5, ID_A),
      size: MAX,
    });
  });

  it("last/before reads newer rows from the cursor", () => {
    const before = encodeBookingCursor(row(5, ID_A));
    expect(paging.window({ last: 2, before })).toEqual({
      direction: "newer",
      from: row(5, ID_A),
      size: 2,
    });
  });

  it("a negative size is refused", () => {
    expect(() => paging.window({ first: -1 })).toThrow(
      expect.objectContaining({ code: "CRM_INVALID_CURSOR" }),
    );
  });
});

describe("paging.page", () => {
  it("an extra fetched row means a next page; it is not returned", () => {
    const page = toPage({ direction: "older", from: null, size: 2 }, [
      row(3, ID_C),
      row(2, ID_B),
      row(1, ID_A),
    ]);
    expect(page.edges.map((e) => e.node.id)).toEqual([ID_C, ID_B]);
    expect(page.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(page.pageInfo.endCursor).toBe(encodeBookingCursor(row(2, ID_B)));
    expect(page.pageInfo.startCursor).toBe(encodeBookingCursor(row(3, ID_C)));
  });

  it("the last page after a cursor: no next, a previous", () => {
    const page = toPage({ direction: "older", from: row(2, ID_B), size: 2 }, [row(1, ID_A)]);
    expect(page.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
  });

  it("a backwards window arrives oldest first and is returned newest first", () => {
    const page = toPage({ direction: "newer", from: row(1, ID_A), size: 1 }, [row(2, ID_B), row(3, ID_C)]);
    expect(page.edges.map((e) => e.node.id)).toEqual([ID_B]);
    expect(page.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
  });

  it("an empty page has null cursors", () => {
    const page = toPage({ direction: "older", from: null, size: 5 }, []);
    expect(page).toEqual({
      edges: [],
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    });
  });
});
