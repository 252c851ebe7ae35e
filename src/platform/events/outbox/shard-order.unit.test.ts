import { describe, expect, it } from "vitest";
import { shardOrder } from "./shard-order.js";

describe("shardOrder (the shards a relay pass visits, decision 0515)", () => {
  it("visits only the shards found, from the cursor on, wrapping", () => {
    expect(shardOrder([7, 1, 4], 3)).toEqual([4, 7, 1]);
    expect(shardOrder([7, 1, 4], 4)).toEqual([4, 7, 1]);
    expect(shardOrder([7, 1, 4], 0)).toEqual([1, 4, 7]);
  });
  it("wraps to the lowest shard when every shard found is before the cursor", () => {
    expect(shardOrder([2, 5], 6)).toEqual([2, 5]);
  });
  it("an empty outbox visits nothing; a shard found twice is visited once", () => {
    expect(shardOrder([], 3)).toEqual([]);
    expect(shardOrder([5, 5, 2], 3)).toEqual([5, 2]);
  });
});
