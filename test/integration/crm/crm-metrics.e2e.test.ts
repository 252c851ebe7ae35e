import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PROGRAM_TERMS } from "../../../src/domain/crm/booking/booking-program.repository.js";
import { DEMO_DEVELOPER_ID, DEMO_USERS } from "../../../src/platform/auth/demo-users.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { createBookingExpirationWorker } from "../../../src/workers/booking-expiration.worker.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { seedEngagedDeal } from "./crm-fixtures.js";

const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 60 * MS_PER_MINUTE;
const clock = new ManualClock("2026-05-01T08:00:00.000Z");
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ clock, roles: ["api"] });
});
afterAll(async () => {
  await app?.stop();
});

interface Sample {
  readonly name: string;
  readonly labels: Record<string, string>;
  readonly value: number;
}

/** Prometheus text exposition → samples (enough of the format for prom-client's output). */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  return samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    ?.value;
}

const RESULT = `__typename ... on Error { code }`;
async function as(role: "agent" | "investor" | "pin_manager", doc: string, vars: Record<string, unknown>) {
  const response = await app.graphql<
    Record<string, { __typename: string; code?: string; data?: { id: string } }>
  >(doc, vars, await app.tokenFor(role));
  expect(response.errors).toBeUndefined();
  return Object.values(response.data!)[0]!;
}
const CREATE = `mutation($d: ID!, $p: ID!) { createBooking(dealId: $d, propertyObjectId: $p) { ${RESULT} ... on MutationCreateBookingSuccess { data { id } } } }`;
const CONFIRM = `mutation($b: ID!) { confirmBooking(bookingId: $b) { ${RESULT} } }`;
const CANCEL = `mutation($b: ID!) { cancelBooking(bookingId: $b, reason: "no longer needed") { ${RESULT} } }`;

async function bookedBy(role: "agent" | "investor" | "pin_manager"): Promise<string> {
  const propertyObjectId = randomUUID();
  await app.db.crmPropertyObjectReplica.create({
    data: {
      id: propertyObjectId,
      tenantId: DEMO_DEVELOPER_ID,
      status: "Free",
      version: 1,
      updatedAt: clock.now(),
    },
  });
  const dealId = await seedEngagedDeal(app.db, {
    agentUserId: DEMO_USERS.agent.userId,
    investorUserId: DEMO_USERS.investor.userId,
    tenantId: DEMO_DEVELOPER_ID,
    at: clock.now(),
  });
  const created = await as(role, CREATE, { d: dealId, p: propertyObjectId });
  expect(created.__typename).toBe("MutationCreateBookingSuccess");
  return created.data!.id;
}

describe("crm metrics on /metrics after an end-to-end flow over HTTP", () => {
  it("created/confirm/cancel counters, expiration items by phase, phase durations, lateness and the stuck gauge are exported", async () => {
    const confirmed = await bookedBy("agent");
    expect((await as("agent", CONFIRM, { b: confirmed })).__typename).toBe("MutationConfirmBookingSuccess");

    const cancelled = await bookedBy("investor");
    expect(await as("investor", CONFIRM, { b: cancelled })).toMatchObject({ code: "CRM_FORBIDDEN" });
    expect((await as("investor", CANCEL, { b: cancelled })).__typename).toBe("MutationCancelBookingSuccess");
    expect(await as("investor", CANCEL, { b: cancelled })).toMatchObject({ code: "CRM_BOOKING_NOT_ACTIVE" });

    const forgotten = await bookedBy("pin_manager");
    // Past both the reserve window of `forgotten` and the booking window of `confirmed`.
    clock.advance(DEFAULT_PROGRAM_TERMS.bookingDurationHours * MS_PER_HOUR + MS_PER_HOUR);
    expect(await as("pin_manager", CONFIRM, { b: forgotten })).toMatchObject({
      code: "CRM_BOOKING_RESERVE_EXPIRED",
    });
    const worker = createBookingExpirationWorker({
      db: app.db,
      clock,
      log: app.app.log,
      metrics: app.metrics,
      settings: app.settings,
    });
    expect(await worker.runOnce()).toEqual({ expired: 2, failed: 0 });

    const base = app.url.replace(/\/graphql$/, "");
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    const samples = parseMetrics(await response.text());
    const m = (name: string, labels: Record<string, string> = {}) => sampleValue(samples, name, labels);

    expect(m("crm_bookings_created_total", { initiated_by: "Agent" })).toBe(1);
    expect(m("crm_bookings_created_total", { initiated_by: "Investor" })).toBe(1);
    expect(m("crm_bookings_created_total", { initiated_by: "PinManager" })).toBe(1);
    expect(m("crm_booking_confirm_total", { result: "ok" })).toBe(1);
    expect(m("crm_booking_confirm_total", { result: "CRM_FORBIDDEN" })).toBe(1);
    expect(m("crm_booking_confirm_total", { result: "CRM_BOOKING_RESERVE_EXPIRED" })).toBe(1);
    expect(m("crm_booking_cancel_total", { result: "ok" })).toBe(1);
    expect(m("crm_booking_cancel_total", { result: "CRM_BOOKING_NOT_ACTIVE" })).toBe(1);
    expect(m("crm_booking_expiration_items_total", { phase: "Reserve" })).toBe(1);
    expect(m("crm_booking_expiration_items_total", { phase: "Booking" })).toBe(1);
    const phase = "crm_booking_phase_duration_seconds_count";
    expect(m(phase, { phase: "reserve", outcome: "Booked" })).toBe(1);
    expect(m(phase, { phase: "reserve", outcome: "Cancelled" })).toBe(1);
    expect(m(phase, { phase: "reserve", outcome: "ReserveExpired" })).toBe(1);
    expect(m(phase, { phase: "booking", outcome: "BookingExpired" })).toBe(1);
    expect(m("crm_booking_expiration_lateness_seconds_count")).toBe(2);
    expect(m("crm_bookings_stuck_in_reserved")).toBe(0);
  });
});
