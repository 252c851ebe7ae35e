import type { Admin } from "kafkajs";
import { describe, expect, it } from "vitest";
import { createTopicsWithLeaders } from "./create-topics.js";

/** A broker that answers like KRaft right after a create: first "unknown", then no leader, then ready. */
function kraftLikeAdmin(answers: ReadonlyArray<"unknown" | "no-leader" | "ready" | "other-error">) {
  let call = 0;
  const stub = {
    created: [] as string[],
    async createTopics(o: { topics: { topic: string }[] }) {
      stub.created.push(...o.topics.map((t) => t.topic));
      return true;
    },
    async fetchTopicMetadata(o: { topics: string[] }) {
      const a = answers[Math.min(call++, answers.length - 1)];
      if (a === "unknown")
        throw Object.assign(new Error("This server does not host this topic-partition"), {
          type: "UNKNOWN_TOPIC_OR_PARTITION",
        });
      if (a === "other-error")
        throw Object.assign(new Error("denied"), { type: "TOPIC_AUTHORIZATION_FAILED" });
      return {
        topics: o.topics.map((name) => ({
          name,
          partitions: [{ partitionId: 0, leader: a === "ready" ? 1 : -1, replicas: [1], isr: [1] }],
        })),
      };
    },
    get calls() {
      return call;
    },
  };
  return stub;
}

describe("createTopicsWithLeaders", () => {
  it("retries UNKNOWN_TOPIC_OR_PARTITION and leaderless partitions until every partition has a leader", async () => {
    const admin = kraftLikeAdmin(["unknown", "unknown", "no-leader", "ready"]);
    await createTopicsWithLeaders(admin as unknown as Admin, ["t1"], 1);
    expect(admin.created).toEqual(["t1"]);
    expect(admin.calls).toBe(4);
  });

  it("rethrows any other broker error at once", async () => {
    const admin = kraftLikeAdmin(["other-error"]);
    await expect(createTopicsWithLeaders(admin as unknown as Admin, ["t1"], 1)).rejects.toThrow("denied");
    expect(admin.calls).toBe(1);
  });

  it("gives up with a clear error after its deadline", async () => {
    const admin = kraftLikeAdmin(["no-leader"]);
    await expect(createTopicsWithLeaders(admin as unknown as Admin, ["t1"], 1, 250)).rejects.toThrow(
      /no leader for every partition after 250 ms/,
    );
  });
});
