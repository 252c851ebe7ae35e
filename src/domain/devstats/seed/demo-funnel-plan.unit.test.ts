import { describe, expect, it } from "vitest";
import { bookingsOnDay, DEMO_FUNNEL_DAYS, demoFunnelPlan } from "./demo-funnel-plan.js";

const TODAY = Date.UTC(2026, 11, 6);

describe("the demo funnel's month looks like a sales month (issue #44)", () => {
  const plan = demoFunnelPlan(TODAY);
  const perDay = new Map<string, number>();
  for (const b of plan) perDay.set(b.bookedOn, (perDay.get(b.bookedOn) ?? 0) + 1);

  it("days vary: many distinct daily counts, weekends below weekdays", () => {
    const daily = Array.from({ length: DEMO_FUNNEL_DAYS }, (_, ago) => bookingsOnDay(TODAY, ago));
    expect(new Set(daily).size).toBeGreaterThanOrEqual(5);
    const weekend = daily.filter((_, ago) => [0, 6].includes(new Date(TODAY - ago * 86_400_000).getUTCDay()));
    const weekdays = daily.filter(
      (_, ago) => ![0, 6].includes(new Date(TODAY - ago * 86_400_000).getUTCDay()),
    );
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(weekend)).toBeLessThan(mean(weekdays));
  });

  it("about a third become sales, never before their booking nor after today", () => {
    const sold = plan.filter((b) => b.soldOn !== null);
    expect(plan.length).toBeGreaterThanOrEqual(100);
    expect(sold.length / plan.length).toBeGreaterThan(0.2);
    expect(sold.length / plan.length).toBeLessThan(0.5);
    const today = new Date(TODAY).toISOString().slice(0, 10);
    for (const b of sold) expect(b.soldOn! >= b.bookedOn && b.soldOn! <= today).toBe(true);
  });

  it("is deterministic: the same day gives the same plan", () => {
    expect(demoFunnelPlan(TODAY)).toEqual(plan);
  });
});
