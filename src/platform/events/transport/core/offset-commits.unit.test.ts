import { describe, expect, it } from "vitest";
import { OffsetCommits } from "./offset-commits.js";
import type { PartitionHandle } from "./port.js";

const part = {} as PartitionHandle;

/** A manual clock and the commits made, with the timers the class sets run by hand. */
function rig(everyMs = 1_000) {
  let now = 0;
  const made: string[] = [];
  const commits = new OffsetCommits(
    async (entries) => {
      made.push(entries.map((e) => `${e.tp}@${e.next}`).join(" + "));
    },
    everyMs,
    () => now,
  );
  return {
    commits,
    made,
    at: (ms: number) => {
      now = ms;
    },
  };
}

describe("offset commits coalesced per member (decisions 0626, 0632)", () => {
  it("the first offset goes at once, the next ones within the second wait, and only the newest is committed", async () => {
    const { commits, made, at } = rig();
    await commits.offer("t:0", "5", part, false);
    at(200);
    await commits.offer("t:0", "6", part, false);
    await commits.offer("t:0", "9", part, false);
    expect(made).toEqual(["t:0@5"]);
    expect(commits.waiting()).toEqual(new Map([["t:0", "9"]]));
    at(1_000);
    await commits.flush();
    expect(made).toEqual(["t:0@5", "t:0@9"]);
    expect(commits.waiting().size).toBe(0);
  });

  it("every partition waiting goes out together, in one commit, a second after the last one", async () => {
    const { commits, made, at } = rig();
    await commits.offer("t:0", "1", part, false);
    at(100);
    await commits.offer("t:1", "7", part, false);
    await commits.offer("u:2", "3", part, false);
    expect(made).toEqual(["t:0@1"]);
    at(1_000);
    await commits.offer("t:0", "2", part, false);
    expect(made).toEqual(["t:0@1", "t:1@7 + u:2@3 + t:0@2"]);
    expect(commits.waiting().size).toBe(0);
  });

  it("an urgent offset (a stop, a pause) goes at once and replaces the one waiting", async () => {
    const { commits, made, at } = rig();
    await commits.offer("t:0", "1", part, false);
    at(10);
    await commits.offer("t:0", "2", part, false);
    await commits.offer("t:0", "3", part, true);
    expect(made).toEqual(["t:0@1", "t:0@3"]);
    expect(commits.waiting().size).toBe(0);
  });

  it("a rejoin forgets what waits: the partition may be another member's now", async () => {
    const { commits, made, at } = rig();
    await commits.offer("t:0", "1", part, false);
    at(10);
    await commits.offer("t:0", "2", part, false);
    commits.forget();
    await commits.flush();
    expect(made).toEqual(["t:0@1"]);
    // and the partition's next offset after the rejoin goes at once
    await commits.offer("t:0", "3", part, false);
    expect(made).toEqual(["t:0@1", "t:0@3"]);
  });
});
