import { describe, expect, it } from "vitest";
import type { FunnelBookingRow } from "./funnel.js";
import { partsOf } from "./funnel-sink.js";

const row = (EventDate: string) => ({ EventDate }) as FunnelBookingRow;

describe("partsOf: distinct monthly partitions an insert touches", () => {
  it("counts each month once, in any order", () => {
    expect(partsOf([])).toBe(0);
    expect(partsOf([row("2026-01-01"), row("2026-01-31")])).toBe(1);
    expect(partsOf([row("2026-01-31"), row("2026-02-01"), row("2026-01-15"), row("2026-02-02")])).toBe(2);
    expect(partsOf([row("2025-12-31"), row("2026-12-01"), row("2026-01-01")])).toBe(3);
  });
});
