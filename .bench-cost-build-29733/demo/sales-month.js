import { createHash } from "node:crypto";
const DEMO_MONTH_DAYS = 30;
const DAY_MS = 864e5;
const WEEKDAY_BASE = [1, 4, 5, 5, 4, 6, 2];
const PROMOTION_DAYS_AGO = /* @__PURE__ */ new Set([12, 13, 14, 15]);
const PROMOTION_EXTRA = 4;
const SOLD_PERCENT = 34;
const MIN_SALE_LAG_DAYS = 2;
const SALE_LAG_SPREAD_DAYS = 8;
function demoHash(name, modulo) {
  return createHash("sha1").update(`pin-demo-funnel:${name}`).digest().readUInt32BE(0) % modulo;
}
function bookingsOnDay(todayMs, daysAgo, options = {}) {
  const { name = "", scale = 1 } = options;
  const weekday = new Date(todayMs - daysAgo * DAY_MS).getUTCDay();
  const noise = demoHash(`${name}day-${daysAgo}`, 4) - 1;
  const promotion = PROMOTION_DAYS_AGO.has(daysAgo) ? PROMOTION_EXTRA : 0;
  return Math.max(0, Math.round(((WEEKDAY_BASE[weekday] ?? 0) + promotion) * scale) + noise);
}
function demoSalesMonth(todayMs, options = {}) {
  const name = options.name ?? "";
  const plan = [];
  const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);
  for (let daysAgo = DEMO_MONTH_DAYS - 1; daysAgo >= 0; daysAgo--) {
    const bookedMs = todayMs - daysAgo * DAY_MS;
    for (let n = bookingsOnDay(todayMs, daysAgo, options); n > 0; n--) {
      const index = plan.length;
      const sold = demoHash(`${name}sold-${index}`, 100) < SOLD_PERCENT;
      const lag = MIN_SALE_LAG_DAYS + demoHash(`${name}lag-${index}`, SALE_LAG_SPREAD_DAYS);
      const saleMs = bookedMs + lag * DAY_MS;
      const soldOn = sold && saleMs <= todayMs ? isoDay(saleMs) : null;
      plan.push({
        index,
        bookedOn: isoDay(bookedMs),
        daysAgo,
        soldOn,
        salePending: sold && saleMs > todayMs
      });
    }
  }
  return plan;
}
export {
  DEMO_MONTH_DAYS,
  bookingsOnDay,
  demoHash,
  demoSalesMonth
};
//# sourceMappingURL=sales-month.js.map
