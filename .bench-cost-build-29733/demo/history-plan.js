import { demoHash } from "./sales-month.js";
const HOLDING_OUTCOMES = /* @__PURE__ */ new Set(["sold", "booked", "reserved"]);
const DEMO_AGENTS = 8;
const PAID_PERCENT = 40;
const MINUTE = 6e4;
const HOUR = 60 * MINUTE;
const BUYERS = [
  "Ivanova",
  "Smirnov",
  "Kuznetsova",
  "Popov",
  "Vasilieva",
  "Petrov",
  "Sokolova",
  "Mikhailov",
  "Novikova",
  "Fedorov",
  "Morozova",
  "Volkov",
  "Alekseeva",
  "Lebedev",
  "Semenova",
  "Egorov",
  "Pavlova",
  "Kozlov",
  "Stepanova",
  "Nikolaev",
  "Orlova",
  "Andreev",
  "Makarova",
  "Zakharov"
];
const INITIALS = "AEIMNOSTV";
const RESERVE_CANCEL_REASONS = [
  "The client chose another apartment",
  "The client postponed the purchase",
  "Booked by mistake: a duplicate request",
  "The client found the price too high"
];
const BOOKING_CANCEL_REASONS = [
  "The mortgage was not approved",
  "The client withdrew after viewing the apartment",
  "The client could not sell their current flat in time"
];
function outcomeOf(booking, paid, h) {
  if (booking.soldOn) return "sold";
  if (booking.salePending) return "booked";
  if (booking.daysAgo === 0 || booking.daysAgo <= 2 && paid) return "reserved";
  if (booking.daysAgo <= 2) return h("live", 100) < 75 ? "booked" : "cancelledReserved";
  const r = h("end", 100);
  if (r < 40) return "reserveLapsed";
  if (r < 70) return "cancelledReserved";
  return r < 85 ? "cancelledBooked" : "bookingLapsed";
}
function bookedAt(ctx, booking, outcome, paid, h) {
  if (outcome === "reserved") {
    const minutesAgo = !paid ? 5 + h("ago", 35) : (booking.daysAgo === 0 ? 30 : 60 * (5 * booking.daysAgo)) + h("ago", 10 * 60);
    return ctx.nowMs - minutesAgo * MINUTE;
  }
  if (booking.daysAgo > 0) {
    const dayStart = Date.parse(`${booking.bookedOn}T00:00:00Z`);
    return dayStart + 6 * HOUR + h("minute", 11 * 60) * MINUTE;
  }
  return ctx.nowMs - ((paid ? 8 * 60 : 2 * 60) + h("ago", 10 * 60)) * MINUTE;
}
function confirmation(t0, paid, h) {
  if (!paid) {
    const at = t0 + (10 + h("confirm", 40)) * MINUTE;
    return { steps: [{ kind: "confirmBooking", at: new Date(at), by: "agent" }], confirmedAt: at };
  }
  const contract = t0 + (20 + h("contract", 100)) * MINUTE;
  const receipt = contract + (30 + h("receipt", 210)) * MINUTE;
  const paidAt = receipt + (10 + h("payment", 50)) * MINUTE;
  return {
    steps: [
      { kind: "uploadContract", at: new Date(contract), by: "developer" },
      { kind: "uploadReceipt", at: new Date(receipt), by: "agent" },
      { kind: "confirmPayment", at: new Date(paidAt), by: "developer" }
    ],
    confirmedAt: paidAt
  };
}
function extensions(confirmedAt, bookingHours, until, latest, h) {
  const steps = [];
  let deadline = confirmedAt + bookingHours * HOUR;
  let last = confirmedAt;
  while (deadline < until) {
    const at = Math.max(
      last + MINUTE,
      Math.min(deadline - (1 + h(`extend-${steps.length}`, 6)) * HOUR, latest)
    );
    steps.push({ kind: "extendBooking", at: new Date(at), by: "developer" });
    last = at;
    deadline += bookingHours * HOUR;
  }
  return { steps, last };
}
function stepsAfterBooking(ctx, entry, t0, h) {
  const terms = entry.paid ? ctx.paid : ctx.free;
  const latest = ctx.nowMs - MINUTE;
  const pick = (list, what) => list[h(what, list.length)];
  switch (entry.outcome) {
    case "reserved":
      return [];
    case "reserveLapsed":
      return [
        {
          kind: "expire",
          at: new Date(t0 + (terms.reserveMinutes + 1 + h("lapse", 20)) * MINUTE),
          by: "system"
        }
      ];
    case "cancelledReserved": {
      const at = t0 + (5 + h("cancel", Math.min(45, terms.reserveMinutes - 10))) * MINUTE;
      return [
        { kind: "cancelBooking", at: new Date(at), by: "agent", reason: pick(RESERVE_CANCEL_REASONS, "why") }
      ];
    }
    default:
      break;
  }
  const { steps, confirmedAt } = confirmation(t0, entry.paid, h);
  switch (entry.outcome) {
    case "sold": {
      let saleAt = Date.parse(`${entry.booking.soldOn}T00:00:00Z`) + 7 * HOUR + h("sale", 9 * 60) * MINUTE;
      if (saleAt > latest) saleAt = latest - h("sale-today", 30) * MINUTE;
      const extended = extensions(confirmedAt, terms.bookingHours, saleAt, latest, h);
      const at = Math.max(saleAt, extended.last + MINUTE);
      return [...steps, ...extended.steps, { kind: "startSale", at: new Date(at), by: "developer" }];
    }
    case "booked":
      return [
        ...steps,
        ...extensions(confirmedAt, terms.bookingHours, ctx.nowMs + 12 * HOUR, latest, h).steps
      ];
    case "cancelledBooked": {
      const at = confirmedAt + (2 + h("cancel", Math.max(1, terms.bookingHours - 12))) * HOUR;
      const by = h("who", 2) === 0 ? "agent" : "developer";
      return [
        ...steps,
        { kind: "cancelBooking", at: new Date(at), by, reason: pick(BOOKING_CANCEL_REASONS, "why") }
      ];
    }
    case "bookingLapsed": {
      const at = confirmedAt + terms.bookingHours * HOUR + (1 + h("lapse", 20)) * MINUTE;
      return [...steps, { kind: "expire", at: new Date(at), by: "system" }];
    }
    default:
      return steps;
  }
}
function planHistoryEntry(ctx, booking) {
  const h = (what, modulo) => demoHash(`${ctx.developerKey}/${booking.index}/${what}`, modulo);
  const paid = h("paid", 100) < PAID_PERCENT;
  let outcome = outcomeOf(booking, paid, h);
  const t0 = bookedAt(ctx, booking, outcome, paid, h);
  const reserveMinutes = (paid ? ctx.paid : ctx.free).reserveMinutes;
  if (outcome === "reserved" && t0 + (reserveMinutes - 15) * MINUTE < ctx.nowMs) outcome = "reserveLapsed";
  let after = stepsAfterBooking(ctx, { booking, outcome, paid }, t0, h);
  if (after.some((s) => s.at.getTime() > ctx.nowMs - MINUTE)) {
    outcome = "cancelledReserved";
    after = stepsAfterBooking(ctx, { booking, outcome, paid }, t0, h);
  }
  const opened = t0 - (3 + h("opened", 27)) * MINUTE;
  const steps = [
    { kind: "createDeal", at: new Date(opened), by: "agent" },
    { kind: "engageDeveloper", at: new Date(t0 - MINUTE), by: "agent" },
    { kind: "createBooking", at: new Date(t0), by: "agent" },
    ...after
  ];
  const buyer = `${BUYERS[h("buyer", BUYERS.length)]} ${INITIALS[h("initial", INITIALS.length)]}.`;
  return {
    key: `${ctx.developerKey}/${booking.index}`,
    booking,
    outcome,
    paid,
    agent: h("agent", DEMO_AGENTS),
    buyer,
    steps,
    heldFrom: new Date(t0),
    releasedAt: HOLDING_OUTCOMES.has(outcome) ? null : steps.at(-1).at
  };
}
export {
  DEMO_AGENTS,
  HOLDING_OUTCOMES,
  planHistoryEntry
};
//# sourceMappingURL=history-plan.js.map
