import { describe, expect, it } from "vitest";
import { type ClaimResult, claimInProcess, inProcessClaims } from "./relay-claims.js";

const done: ClaimResult = { published: 1, full: false, passedOver: false };

describe("relay claims within a process (decision 0633)", () => {
  it("a worker woken while a sibling claims leaves it the claim; the sibling claims once more, without the hint", async () => {
    const claims = inProcessClaims();
    const calls: boolean[] = [];
    let release!: () => void;
    const first = new Promise<void>((r) => {
      release = r;
    });
    const running = claimInProcess(claims, false, async (direct) => {
      calls.push(direct);
      if (calls.length === 1) await first;
      return done;
    });
    expect(await claimInProcess(claims, true, async () => done)).toBe("sibling");
    release();
    expect(await running).toEqual(done);
    expect(calls).toEqual([false, true]);
    expect(claims.active).toBe(false);
  });

  it("a full claim returns at once (the worker's next pass follows), and alone a claim runs once", async () => {
    const claims = inProcessClaims();
    let n = 0;
    const full = await claimInProcess(claims, true, async () => {
      n += 1;
      claims.again = true;
      return { published: 500, full: true, passedOver: false };
    });
    expect(full).toEqual({ published: 500, full: true, passedOver: false });
    expect(n).toBe(1);
    expect(await claimInProcess(claims, false, async () => done)).toEqual(done);
  });
});
