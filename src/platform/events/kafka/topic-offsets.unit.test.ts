import type { Admin } from "kafkajs";
import { describe, expect, it } from "vitest";
import { topicEnds } from "./topic-offsets.js";

/** fetchTopicOffsets answering like a broker right after a create, then the partitions' ends. */
function adminAnswering(answers: ReadonlyArray<string | "ready">) {
  let call = 0;
  return {
    async fetchTopicOffsets() {
      const a = answers[Math.min(call++, answers.length - 1)];
      if (a !== "ready") throw Object.assign(new Error(a), { type: a });
      return [
        { partition: 0, offset: "7", high: "7", low: "0" },
        { partition: 1, offset: "3", high: "3", low: "0" },
      ];
    },
    get calls() {
      return call;
    },
  };
}

describe("topicEnds", () => {
  it("retries 'not the leader' and 'unknown topic' right after a create, then gives each partition's end", async () => {
    const admin = adminAnswering(["NOT_LEADER_FOR_PARTITION", "UNKNOWN_TOPIC_OR_PARTITION", "ready"]);
    expect(await topicEnds(admin as unknown as Admin, "t")).toEqual([
      { partition: 0, high: "7" },
      { partition: 1, high: "3" },
    ]);
    expect(admin.calls).toBe(3);
  });

  it("does not retry other errors", async () => {
    const admin = adminAnswering(["TOPIC_AUTHORIZATION_FAILED", "ready"]);
    await expect(topicEnds(admin as unknown as Admin, "t")).rejects.toThrow("TOPIC_AUTHORIZATION_FAILED");
    expect(admin.calls).toBe(1);
  });

  it("gives up after the deadline", async () => {
    const admin = adminAnswering(["NOT_LEADER_FOR_PARTITION"]);
    await expect(topicEnds(admin as unknown as Admin, "t", 250)).rejects.toThrow("NOT_LEADER_FOR_PARTITION");
    expect(admin.calls).toBeGreaterThan(1);
  });
});
