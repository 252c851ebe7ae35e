import { describe, expect, it } from "vitest";
import { endingAt } from "./ending-stream.js";

/** A source that yields `values` and then waits forever (a live subscription between events). */
function parked(values: number[]) {
  let returned = false;
  return {
    get returned() {
      return returned;
    },
    iterable: {
      [Symbol.asyncIterator]() {
        let i = 0;
        return {
          next: () =>
            i < values.length
              ? Promise.resolve({ done: false as const, value: values[i++] as number })
              : new Promise<IteratorResult<number>>(() => {}),
          return: async () => {
            returned = true;
            return { done: true as const, value: undefined };
          },
        };
      },
    },
  };
}

describe("issue #25 item 3: a live stream ends at its token's expiry instant", () => {
  it("delivers what comes before the instant, then the expiry result, then ends — even while the source waits", async () => {
    const source = parked([1, 2]);
    let ended = 0;
    const stream = endingAt(
      source.iterable,
      Date.now() + 50,
      () => -1,
      () => ended++,
    );
    expect(await stream.next()).toEqual({ done: false, value: 1 });
    expect(await stream.next()).toEqual({ done: false, value: 2 });
    expect(await stream.next()).toEqual({ done: false, value: -1 });
    expect(await stream.next()).toEqual({ done: true, value: undefined });
    await new Promise((r) => setTimeout(r, 0));
    expect(source.returned).toBe(true);
    expect(ended).toBe(1);
  });

  it("a consumer's return() ends it once (the slot is released once)", async () => {
    let ended = 0;
    const stream = endingAt(
      parked([1]).iterable,
      Date.now() + 60_000,
      () => -1,
      () => ended++,
    );
    await stream.next();
    await stream.return?.();
    await stream.return?.();
    expect(await stream.next()).toEqual({ done: true, value: undefined });
    expect(ended).toBe(1);
  });

  it("an instant already past ends the stream at once", async () => {
    const stream = endingAt(
      parked([]).iterable,
      Date.now() - 1,
      () => -1,
      () => {},
    );
    expect(await stream.next()).toEqual({ done: false, value: -1 });
    expect((await stream.next()).done).toBe(true);
  });
});
