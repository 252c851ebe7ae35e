import { afterEach, describe, expect, it } from "vitest";
import { silenceNegativeTimeoutWarnings } from "./node-warnings.js";

describe("Node warnings of a PIN process", () => {
  const original = process.emitWarning;
  afterEach(() => {
    process.emitWarning = original;
  });

  it("a negative setTimeout (kafkajs' throttle arithmetic) prints no TimeoutNegativeWarning; other warnings still reach Node", async () => {
    const seen: string[] = [];
    const onWarning = (w: Error) => seen.push(w.name);
    process.on("warning", onWarning);
    try {
      silenceNegativeTimeoutWarnings();
      silenceNegativeTimeoutWarnings(); // idempotent: one filter, not two
      await new Promise<void>((resolve) => setTimeout(resolve, -5));
      process.emitWarning("something else", "PinTestWarning");
      await new Promise<void>((resolve) => setImmediate(resolve));
      expect(seen).toEqual(["PinTestWarning"]);
    } finally {
      process.off("warning", onWarning);
    }
  });
});
