import { describe, expect, it } from "vitest";
import { bookingsOnDay, DEMO_MONTH_DAYS, demoSalesMonth } from "./sales-month.js";

const TODAY = Date.UTC(2026, 11, 6);

describe("the demo funnel's month looks like a sales month (issue #44)", () => {
  const plan = demoSalesMonth(TODAY);
  const perDay = new Map<string, number>();
  for (const b of plan) perDay.set(b.bookedOn, (perDay.get(b.bookedOn) ?? 0) + 1);

  it("days vary: many distinct daily counts, weekends below weekdays", () => {
    const daily = Array.from({ length: DEMO_MONTH_DAYS }, (_, ago) => bookingsOnDay(TODAY, ago));
    expect(new Set(daily).size).toBeGreaterThanOrEqual(5);
    const weekend = daily.filter((_, ago) => [0, 6].includes(new Date(TODAY - ago * 86_400_000).getUTCDay()));
    const weekdays = daily.filter(
      (_, ago) => ![0, 6].includes(new Date(TODAY - ago * 86_400_000).getUTCDay()),
    );
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(weekend)).toBeLessThan(mean(weekdays));
  });

  it("about a third become sales, at least two days after their booking and never after today", () => {
    const sold = plan.filter((b) => b.soldOn !== null);
    const pending = plan.filter((b) => b.salePending);
    expect(plan.length).toBeGreaterThanOrEqual(100);
    expect((sold.length + pending.length) / plan.length).toBeGreaterThan(0.2);
    expect((sold.length + pending.length) / plan.length).toBeLessThan(0.5);
    expect(pending.length).toBeGreaterThan(0);
    const today = new Date(TODAY).toISOString().slice(0, 10);
    for (const b of sold) {
      expect(Date.parse(b.soldOn!) - Date.parse(b.bookedOn)).toBeGreaterThanOrEqual(2 * 86_400_000);
      expect(b.soldOn! <= today).toBe(true);
    }
    for (const b of pending) expect(b.soldOn).toBeNull();
  });

  it("a scaled month (the second developer's) is smaller and has its own noise", () => {
    const half = demoSalesMonth(TODAY, { name: "baltic", scale: 0.5 });
    expect(half.length).toBeGreaterThan(plan.length * 0.3);
    expect(half.length).toBeLessThan(plan.length * 0.7);
  });

  it("is deterministic: the same day gives the same plan", () => {
    expect(demoSalesMonth(TODAY)).toEqual(plan);
  });
});
