import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_POLICY } from "../../../platform/events/consumer/retry-policy.js";
import { HoldMismatchError } from "../chessboard.errors.js";
import { classifyHoldMismatch, holdMismatchCounter, holdMismatchCounts } from "./hold-mismatch.js";

const RETRIES = DEFAULT_RETRY_POLICY.retriableDelaysMs.length;

/** What one message adds to each counter over all of its attempts. */
function countsOver(attempts: number, retriable: boolean) {
  return Array.from({ length: attempts }, (_, i) => holdMismatchCounts(i + 1, RETRIES, retriable)).flat();
}

describe("chessboard_crm_hold_mismatch_total counts each message once (decision 0313)", () => {
  it("a retriable mismatch that dead-letters after every retry: once in the total, once dead-lettered", () => {
    expect(countsOver(RETRIES + 1, true)).toEqual(["refused", "dead-lettered"]);
  });

  it("a retriable mismatch resolved on its third attempt: once in the total, never dead-lettered", () => {
    expect(countsOver(2, true)).toEqual(["refused"]);
  });

  it("a non-retriable mismatch: once in the total and once dead-lettered", () => {
    expect(countsOver(1, false)).toEqual(["refused", "dead-lettered"]);
  });

  it("sum() over the total's labels is the number of messages: no stage splits one message in two", () => {
    const messages = [countsOver(RETRIES + 1, true), countsOver(2, true), countsOver(1, false)];
    const inTotal = messages.map((m) => m.filter((c) => c === "refused").length);
    expect(inTotal).toEqual([1, 1, 1]);
  });

  it("the consumer's policy: retriable mismatches are parked, the others dead-lettered, other errors defaulted", () => {
    expect(classifyHoldMismatch(new HoldMismatchError("m", {}, true))).toBe("retriable");
    expect(classifyHoldMismatch(new HoldMismatchError("m", {}, false))).toBe("non-retriable");
    expect(classifyHoldMismatch(new Error("other"))).toBeUndefined();
  });

  it("one attempt run twice (the batch's optimistic pass, then its careful pass) counts once", () => {
    const counted: string[] = [];
    const count = holdMismatchCounter((c, retriable) => counted.push(`${c}:${retriable}`));
    count("m1", holdMismatchCounts(1, RETRIES, true), true);
    count("m1", holdMismatchCounts(1, RETRIES, true), true);
    count("m2", holdMismatchCounts(1, RETRIES, false), false);
    count("m2", holdMismatchCounts(1, RETRIES, false), false);
    count("m1", holdMismatchCounts(RETRIES + 1, RETRIES, true), true);
    expect(counted).toEqual(["refused:true", "refused:false", "dead-lettered:false", "dead-lettered:true"]);
  });
});
