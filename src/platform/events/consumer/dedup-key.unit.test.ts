import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEDUP_KEY_BYTES, dedupKeyHash, packKeys } from "./dedup-key.js";
import { freshOf } from "./sql/keys-cte.js";

describe("hashed dedup keys (decision 0505)", () => {
  it("is the first 16 bytes of SHA-256 over the UTF-8 text key, whatever its length", () => {
    const text =
      "pin-chessboard-booking-status:pin.crm.booking-created.v1:0b7c0f4e-58a1-4d0e-9a55-3f3e0f6f2b11";
    const key = dedupKeyHash(text);
    expect(key.length).toBe(DEDUP_KEY_BYTES);
    expect(key.toString("hex")).toBe(createHash("sha256").update(text, "utf8").digest("hex").slice(0, 32));
    expect(dedupKeyHash(`${"g".repeat(300)}:t:m`).length).toBe(DEDUP_KEY_BYTES);
    // the same text always gives the same key (a redelivery is found)
    expect(dedupKeyHash(text).equals(key)).toBe(true);
  });

  it("keys that differ only in group, topic or message id differ", () => {
    const keys = [
      "g:pin.a.v1:m1",
      "g2:pin.a.v1:m1",
      "g:pin.b.v1:m1",
      "g:pin.a.v1:m2",
      // the separators are part of the text: moving one makes another key
      "g:pin.a.v1m:1",
    ].map((k) => dedupKeyHash(k).toString("hex"));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("no collision among 20,000 keys of one group (the 128-bit prefix is far from the birthday bound)", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i++) seen.add(dedupKeyHash(`g:pin.a.v1:${i}`).toString("latin1"));
    expect(seen.size).toBe(20_000);
  });

  it("a batch's keys travel as one buffer, key i at bytes [16 i, 16 i + 16)", () => {
    const keys = ["a", "b", "c"].map(dedupKeyHash);
    const packed = packKeys(keys);
    expect(packed.length).toBe(3 * DEDUP_KEY_BYTES);
    keys.forEach((k, i) => {
      expect(packed.subarray(i * DEDUP_KEY_BYTES, (i + 1) * DEDUP_KEY_BYTES).equals(k)).toBe(true);
    });
  });

  it("the answer names the positions marked before; the fresh keys are the caller's own objects", () => {
    const keys = ["a", "b", "c"].map(dedupKeyHash);
    expect([...freshOf(keys, null)]).toEqual(keys);
    expect([...freshOf(keys, [])]).toEqual(keys);
    const fresh = freshOf(keys, [1]);
    expect([...fresh]).toEqual([keys[0], keys[2]]);
    // by identity: an equal buffer that is not the caller's is not in the set
    expect(fresh.has(dedupKeyHash("a"))).toBe(false);
  });
});
