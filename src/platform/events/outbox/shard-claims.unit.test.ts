import { describe, expect, it } from "vitest";
import { shardClaims } from "./shard-claims.js";

describe("the relay's in-process shard claims", () => {
  it("a worker that finds a shard taken by a sibling makes the sibling claim it once more, without a claim of its own", async () => {
    const calls: number[] = [];
    let release!: () => void;
    const first = new Promise<void>((r) => {
      release = r;
    });
    const claims = shardClaims(async (shard) => {
      calls.push(shard);
      if (calls.length === 1) await first;
      return 3;
    }, 500);
    const sibling = claims.claim(5);
    expect(await claims.claim(5)).toEqual({ full: false, lockedElsewhere: false });
    release();
    expect(await sibling).toEqual({ full: false, lockedElsewhere: false });
    expect(calls).toEqual([5, 5]);
    // once done, the shard is free: the next claim is its own
    await claims.claim(5);
    expect(calls).toEqual([5, 5, 5]);
  });

  it("a full batch or a lock held by another replica is reported", async () => {
    const full = shardClaims(async () => 500, 500);
    expect(await full.claim(1)).toEqual({ full: true, lockedElsewhere: false });
    const locked = shardClaims(async () => "locked", 500);
    expect(await locked.claim(1)).toEqual({ full: false, lockedElsewhere: true });
  });
});
