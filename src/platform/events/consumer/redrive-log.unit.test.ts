import { describe, expect, it } from "vitest";
import { createRedriveLog } from "./redrive-log.js";

describe("redrive log (decision 0580): the wait keys re-driven while a batch was in flight", () => {
  it("a batch ending gets the keys noted since it began, not before; forgotten once none is in flight", () => {
    const log = createRedriveLog();
    const first = log.begin();
    log.noted(["a"]);
    const second = log.begin();
    log.noted(["b"]);
    log.noted([]);
    expect(log.end(second)).toEqual(["b"]);
    expect(log.end(first).sort()).toEqual(["a", "b"]);
    // nothing in flight: forgotten
    const third = log.begin();
    expect(log.end(third)).toEqual([]);
  });
});
