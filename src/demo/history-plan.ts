import { type DemoBooking, demoHash } from "./sales-month.js";

/**
 * One booking of the demo's sales month as the commands that made it, each at its own instant
 * (issue #44): the deal opened by an agent, the booking, its confirmation (free programme) or its
 * contract, receipt and payment (paid programme), extensions while a sale is pending, then the
 * sale, a cancellation or the lapse of a deadline — or nothing more when it is still live. Pure:
 * times come from the day, the index and `now`; every instant is in the past.
 */
export type HistoryOutcome =
  | "sold"
  | "booked"
  | "reserved"
  | "reserveLapsed"
  | "cancelledReserved"
  | "cancelledBooked"
  | "bookingLapsed";

/** Ends with its apartment still held (or sold): played after the released ones (wave 2). */
export const HOLDING_OUTCOMES: ReadonlySet<HistoryOutcome> = new Set(["sold", "booked", "reserved"]);

export type StepKind =
  | "createDeal"
  | "engageDeveloper"
  | "createBooking"
  | "uploadContract"
  | "uploadReceipt"
  | "confirmBooking"
  | "confirmPayment"
  | "extendBooking"
  | "startSale"
  | "cancelBooking"
  | "expire";

/** Who acts: the deal's agent, the developer's manager, or the expiration path (the system). */
export type Actor = "agent" | "developer" | "system";

export interface HistoryStep {
  readonly kind: StepKind;
  readonly at: Date;
  readonly by: Actor;
  readonly reason?: string;
}

export interface ProgrammeTerms {
  readonly reserveMinutes: number;
  readonly bookingHours: number;
}

export interface HistoryContext {
  /** Names the developer's month (hash salt, ids). */
  readonly developerKey: string;
  readonly todayMs: number;
  readonly nowMs: number;
  readonly free: ProgrammeTerms;
  readonly paid: ProgrammeTerms;
}

export interface HistoryEntry {
  readonly key: string;
  readonly booking: DemoBooking;
  readonly outcome: HistoryOutcome;
  readonly paid: boolean;
  /** Index into the agents (0 = the demo agent) and the buyer's name in the deal's title. */
  readonly agent: number;
  readonly buyer: string;
  readonly steps: readonly HistoryStep[];
  /** The booking's instant: the apartment is held from then … */
  readonly heldFrom: Date;
  /** … until this instant (null: still held, or sold). */
  readonly releasedAt: Date | null;
}

export const DEMO_AGENTS = 8;
const PAID_PERCENT = 40;
const MINUTE = 60_000;
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
  "Zakharov",
];
const INITIALS = "AEIMNOSTV";
const RESERVE_CANCEL_REASONS = [
  "The client chose another apartment",
  "The client postponed the purchase",
  "Booked by mistake: a duplicate request",
  "The client found the price too high",
];
const BOOKING_CANCEL_REASONS = [
  "The mortgage was not approved",
  "The client withdrew after viewing the apartment",
  "The client could not sell their current flat in time",
];

type Hash = (what: string, modulo: number) => number;

function outcomeOf(booking: DemoBooking, paid: boolean, h: Hash): HistoryOutcome {
  if (booking.soldOn) return "sold";
  if (booking.salePending) return "booked";
  // Made today, or lately on the paid programme (a day to bring the contract and the payment).
  if (booking.daysAgo === 0 || (booking.daysAgo <= 2 && paid)) return "reserved";
  if (booking.daysAgo <= 2) return h("live", 100) < 75 ? "booked" : "cancelledReserved";
  const r = h("end", 100);
  if (r < 40) return "reserveLapsed";
  if (r < 70) return "cancelledReserved";
  return r < 85 ? "cancelledBooked" : "bookingLapsed";
}

/**
 * The booking's instant: a working hour of its day; a reserve still live (and a booking made today)
 * minutes to hours before now, so that its countdown is running: a free reserve within its hour, a
 * paid one within its day.
 */
function bookedAt(
  ctx: HistoryContext,
  booking: DemoBooking,
  outcome: HistoryOutcome,
  paid: boolean,
  h: Hash,
) {
  if (outcome === "reserved") {
    const minutesAgo = !paid
      ? 5 + h("ago", 35)
      : (booking.daysAgo === 0 ? 30 : 60 * (5 * booking.daysAgo)) + h("ago", 10 * 60);
    return ctx.nowMs - minutesAgo * MINUTE;
  }
  if (booking.daysAgo > 0) {
    const dayStart = Date.parse(`${booking.bookedOn}T00:00:00Z`);
    return dayStart + 6 * HOUR + h("minute", 11 * 60) * MINUTE;
  }
  // Booked today: long enough ago for its confirmation (a paid one's three steps take hours).
  return ctx.nowMs - ((paid ? 8 * 60 : 2 * 60) + h("ago", 10 * 60)) * MINUTE;
}

/** From the booking to Booked: the agent's confirmation, or the paid programme's three steps. */
function confirmation(t0: number, paid: boolean, h: Hash): { steps: HistoryStep[]; confirmedAt: number } {
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
      { kind: "confirmPayment", at: new Date(paidAt), by: "developer" },
    ],
    confirmedAt: paidAt,
  };
}

/** Extensions by the developer, each a few hours before the deadline, until `until` is covered. */
function extensions(confirmedAt: number, bookingHours: number, until: number, latest: number, h: Hash) {
  const steps: HistoryStep[] = [];
  let deadline = confirmedAt + bookingHours * HOUR;
  let last = confirmedAt;
  while (deadline < until) {
    const at = Math.max(
      last + MINUTE,
      Math.min(deadline - (1 + h(`extend-${steps.length}`, 6)) * HOUR, latest),
    );
    steps.push({ kind: "extendBooking", at: new Date(at), by: "developer" });
    last = at;
    deadline += bookingHours * HOUR;
  }
  return { steps, last };
}

function stepsAfterBooking(
  ctx: HistoryContext,
  entry: { booking: DemoBooking; outcome: HistoryOutcome; paid: boolean },
  t0: number,
  h: Hash,
): HistoryStep[] {
  const terms = entry.paid ? ctx.paid : ctx.free;
  const latest = ctx.nowMs - MINUTE;
  const pick = <T>(list: readonly T[], what: string) => list[h(what, list.length)]!;
  switch (entry.outcome) {
    case "reserved":
      return [];
    case "reserveLapsed":
      return [
        {
          kind: "expire",
          at: new Date(t0 + (terms.reserveMinutes + 1 + h("lapse", 20)) * MINUTE),
          by: "system",
        },
      ];
    case "cancelledReserved": {
      const at = t0 + (5 + h("cancel", Math.min(45, terms.reserveMinutes - 10))) * MINUTE;
      return [
        { kind: "cancelBooking", at: new Date(at), by: "agent", reason: pick(RESERVE_CANCEL_REASONS, "why") },
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
      // Pending: extended so that at least half a day of the booking window is left.
      return [
        ...steps,
        ...extensions(confirmedAt, terms.bookingHours, ctx.nowMs + 12 * HOUR, latest, h).steps,
      ];
    case "cancelledBooked": {
      const at = confirmedAt + (2 + h("cancel", Math.max(1, terms.bookingHours - 12))) * HOUR;
      const by: Actor = h("who", 2) === 0 ? "agent" : "developer";
      return [
        ...steps,
        { kind: "cancelBooking", at: new Date(at), by, reason: pick(BOOKING_CANCEL_REASONS, "why") },
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

/** One booking of the month as its commands; an ending that would lie ahead becomes a cancellation. */
export function planHistoryEntry(ctx: HistoryContext, booking: DemoBooking): HistoryEntry {
  const h: Hash = (what, modulo) => demoHash(`${ctx.developerKey}/${booking.index}/${what}`, modulo);
  const paid = h("paid", 100) < PAID_PERCENT;
  let outcome = outcomeOf(booking, paid, h);
  const t0 = bookedAt(ctx, booking, outcome, paid, h);
  const reserveMinutes = (paid ? ctx.paid : ctx.free).reserveMinutes;
  // A reserve still live needs its countdown running (a quarter of an hour at least).
  if (outcome === "reserved" && t0 + (reserveMinutes - 15) * MINUTE < ctx.nowMs) outcome = "reserveLapsed";
  let after = stepsAfterBooking(ctx, { booking, outcome, paid }, t0, h);
  if (after.some((s) => s.at.getTime() > ctx.nowMs - MINUTE)) {
    outcome = "cancelledReserved";
    after = stepsAfterBooking(ctx, { booking, outcome, paid }, t0, h);
  }
  const opened = t0 - (3 + h("opened", 27)) * MINUTE;
  const steps: HistoryStep[] = [
    { kind: "createDeal", at: new Date(opened), by: "agent" },
    { kind: "engageDeveloper", at: new Date(t0 - MINUTE), by: "agent" },
    { kind: "createBooking", at: new Date(t0), by: "agent" },
    ...after,
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
    releasedAt: HOLDING_OUTCOMES.has(outcome) ? null : steps.at(-1)!.at,
  };
}
