import { describe, expect, it } from "vitest";
import { createResumableHub } from "./resumable-hub.js";

interface Item {
  id: bigint;
  text: string;
}
const item = (id: number): Item => ({ id: BigInt(id), text: `m${id}` });
const overflow = () => Object.assign(new Error("overflow"), { code: "X_LIVE_OVERFLOW" });

async function take(it: AsyncIterator<Item>, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = await it.next();
    if (r.done) break;
    out.push(Number(r.value.id));
  }
  return out;
}

describe("resumable live hub", () => {
  it("reconnect resume: backlog first, then live items, each once and in order", async () => {
    const hub = createResumableHub<Item>({ maxQueue: 10, overflowError: overflow });
    const sub = hub.subscribe(["deal"]);
    // Broadcast while the backlog is being read: 3 and 4 are both in the backlog and live.
    hub.publish("deal", item(3));
    hub.publish("deal", item(4));
    sub.open([item(2), item(3), item(4)]);
    hub.publish("deal", item(4)); // a broadcast replay after a restart
    hub.publish("deal", item(5));
    expect(await take(sub, 4)).toEqual([2, 3, 4, 5]);
    await sub.return?.();
  });

  it("items queued before open are held back until the backlog is out", async () => {
    const hub = createResumableHub<Item>({ maxQueue: 10, overflowError: overflow });
    const sub = hub.subscribe(["deal"]);
    const first = sub.next();
    hub.publish("deal", item(9));
    sub.open([item(7), item(8)]);
    expect((await first).value?.id).toBe(7n);
    expect(await take(sub, 2)).toEqual([8, 9]);
  });

  it("routes by key: other deals' items never reach a subscriber", async () => {
    const hub = createResumableHub<Item>({ maxQueue: 10, overflowError: overflow });
    const a = hub.subscribe(["a"]);
    a.open([]);
    expect(hub.publish("b", item(1))).toBe(0);
    hub.publish("a", item(2));
    expect(await take(a, 1)).toEqual([2]);
  });

  it("a filter drops items not meant for the subscriber", async () => {
    const hub = createResumableHub<Item>({ maxQueue: 10, overflowError: overflow });
    const sub = hub.subscribe(["k"], (i) => i.text !== "m1");
    sub.open([]);
    hub.publish("k", item(1));
    hub.publish("k", item(2));
    expect(await take(sub, 1)).toEqual([2]);
  });

  it("a slow subscriber is ended with the overflow error and its slot freed", async () => {
    const counts: number[] = [];
    const hub = createResumableHub<Item>({
      maxQueue: 2,
      overflowError: overflow,
      onCountChange: (n) => counts.push(n),
    });
    const sub = hub.subscribe(["k"]);
    sub.open([]);
    for (let i = 1; i <= 3; i++) hub.publish("k", item(i));
    await expect(sub.next()).rejects.toMatchObject({ code: "X_LIVE_OVERFLOW" });
    expect(hub.subscribers()).toBe(0);
    expect(counts).toEqual([1, 0]);
  });

  it("unsubscribe while next() is pending frees the slot at once", async () => {
    const hub = createResumableHub<Item>({ maxQueue: 10, overflowError: overflow });
    const sub = hub.subscribe(["k"]);
    sub.open([]);
    const pending = sub.next();
    await sub.return?.();
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(hub.subscribers()).toBe(0);
  });
});

describe("resumable live hub: subscribing from now on", () => {
  it("a broadcast of an item older than the floor is dropped", async () => {
    const hub = createResumableHub<Item>({ maxQueue: 10, overflowError: overflow });
    const sub = hub.subscribe(["k"]);
    hub.publish("k", item(5)); // committed before the subscription, broadcast after it
    sub.open([], 5n);
    hub.publish("k", item(6));
    expect(await take(sub, 1)).toEqual([6]);
  });
});
