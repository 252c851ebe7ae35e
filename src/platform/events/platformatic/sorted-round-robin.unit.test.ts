import { describe, expect, it } from "vitest";
import { sortedRoundRobin } from "./sorted-round-robin.js";

const plain = (members: ReturnType<typeof sortedRoundRobin>) =>
  Object.fromEntries(
    members.map((m) => [
      m.memberId,
      Object.fromEntries([...m.assignments].map(([t, a]) => [t, a.partitions])),
    ]),
  );

describe("sortedRoundRobin (kafkajs' RoundRobinAssigner for @platformatic/kafka)", () => {
  it("deals partitions to members sorted by member id, whatever order they joined in", () => {
    const out = sortedRoundRobin(["pin-z-2", "pin-a-1"], ["t"], () => 3);
    expect(plain(out)).toEqual({ "pin-a-1": { t: [0, 2] }, "pin-z-2": { t: [1] } });
  });

  it("continues the turn across topics, and a lone member gets everything", () => {
    expect(plain(sortedRoundRobin(["b", "a"], ["y", "x"], (t) => (t === "x" ? 1 : 2)))).toEqual({
      a: { x: [0], y: [1] },
      b: { y: [0] },
    });
    expect(plain(sortedRoundRobin(["only"], ["t"], () => 2))).toEqual({ only: { t: [0, 1] } });
    expect(sortedRoundRobin([], ["t"], () => 2)).toEqual([]);
  });
});
