import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_POLICY } from "../../../platform/events/consumer/retry-policy.js";
import { HoldMismatchError } from "../chessboard.errors.js";
import { classifyHoldMismatch, holdMismatchCounter, holdMismatchStage } from "./hold-mismatch.js";

const RETRIES = DEFAULT_RETRY_POLICY.retriableDelaysMs.length;

/** The stages one message adds over all of its attempts. */
function stagesOver(attempts: number, retriable: boolean) {
  return Array.from({ length: attempts }, (_, i) => holdMismatchStage(i + 1, RETRIES, retriable)).filter(
    (stage) => stage !== null,
  );
}

describe("chessboard_crm_hold_mismatch_total counts messages, not attempts", () => {
  it("a retriable mismatch that dead-letters after every retry counts once retrying and once dead-lettered", () => {
    expect(stagesOver(RETRIES + 1, true)).toEqual(["retrying", "dead-lettered"]);
  });

  it("a retriable mismatch resolved on its third attempt counts once retrying", () => {
    expect(stagesOver(2, true)).toEqual(["retrying"]);
  });

  it("a non-retriable mismatch counts once, dead-lettered", () => {
    expect(stagesOver(1, false)).toEqual(["dead-lettered"]);
  });

  it("the consumer's policy: retriable mismatches are parked, the others dead-lettered, other errors defaulted", () => {
    expect(classifyHoldMismatch(new HoldMismatchError("m", {}, true))).toBe("retriable");
    expect(classifyHoldMismatch(new HoldMismatchError("m", {}, false))).toBe("non-retriable");
    expect(classifyHoldMismatch(new Error("other"))).toBeUndefined();
  });

  it("one attempt run twice (the batch's optimistic pass, then its careful pass) counts once", () => {
    const counted: string[] = [];
    const count = holdMismatchCounter((stage) => counted.push(stage));
    count("m1", holdMismatchStage(1, RETRIES, true));
    count("m1", holdMismatchStage(1, RETRIES, true));
    count("m2", holdMismatchStage(1, RETRIES, false));
    count("m2", holdMismatchStage(1, RETRIES, false));
    count("m1", holdMismatchStage(RETRIES + 1, RETRIES, true));
    expect(counted).toEqual(["retrying", "dead-lettered", "dead-lettered"]);
  });
});
