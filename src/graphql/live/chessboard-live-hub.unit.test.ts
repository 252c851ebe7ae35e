import { describe, expect, it } from "vitest";
import { createLiveHub, type LiveDelta, LiveOverflowError } from "./chessboard-live-hub.js";

const delta = (version: number, buildingId = "b1", projectId = "p1"): LiveDelta => ({
  kind: "price",
  propertyObjectId: "o1",
  buildingId,
  projectId,
  version,
  price: "1.00",
  pricePerMeter: "1.00",
  changedAt: new Date(0),
});

describe("live hub", () => {
  it("delivers the snapshot first, then the deltas queued meanwhile, in order", async () => {
    const hub = createLiveHub({ maxQueue: 10 });
    const sub = hub.subscribe<string>({ buildingId: "b1" });
    hub.publish(delta(2));
    const first = sub.next();
    sub.open("snapshot");
    hub.publish(delta(3));
    expect((await first).value).toBe("snapshot");
    expect(((await sub.next()).value as LiveDelta).version).toBe(2);
    expect(((await sub.next()).value as LiveDelta).version).toBe(3);
  });

  it("routes by building and by project only", async () => {
    const hub = createLiveHub({ maxQueue: 10 });
    const building = hub.subscribe<string>({ buildingId: "b1" });
    const project = hub.subscribe<string>({ projectId: "p2" });
    building.open("s");
    project.open("s");
    expect(hub.publish(delta(1, "b1", "p1"))).toBe(1);
    expect(hub.publish(delta(2, "b9", "p2"))).toBe(1);
    expect(hub.publish(delta(3, "b9", "p9"))).toBe(0);
  });

  it("return() (client unsubscribed) frees the slot and ends a pending next()", async () => {
    const hub = createLiveHub({ maxQueue: 10 });
    const sub = hub.subscribe<string>({ buildingId: "b1" });
    sub.open("s");
    await sub.next();
    const pending = sub.next();
    await sub.return?.();
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(hub.subscribers()).toBe(0);
  });

  it("a subscriber that falls behind maxQueue is ended with CHESSBOARD_LIVE_OVERFLOW (it resubscribes for a fresh snapshot)", async () => {
    const hub = createLiveHub({ maxQueue: 2 });
    const sub = hub.subscribe<string>({ buildingId: "b1" });
    sub.open("s");
    for (let v = 1; v <= 4; v++) hub.publish(delta(v));
    await expect(sub.next()).rejects.toBeInstanceOf(LiveOverflowError);
    expect(hub.subscribers()).toBe(0);
  });
});
