/**
 * The consumer gate's per-message cost, old vs new (`tsx bench/events/reader-gate.ts`): JSON.parse +
 * the producer's schema (the gate before decision 0300) against the reader gate (pre-scan of the
 * decimal keys, JSON.parse, the reader's schema with null defaults, canonical decimals), on
 * booking-created (the funnel's reader, no decimals) and property-object-upserted (the catalog's
 * reader, four decimals as strings — what our producer writes — and as JSON numbers). Rounds
 * alternate old/new; best and median of GATE_ROUNDS (default 15) rounds of 20,000 messages.
 */
import { randomUUID } from "node:crypto";
import { funnelBookingCreatedReader } from "../../src/contracts/readers/booking-readers.js";
import { catalogPropertyObjectUpsertedReader } from "../../src/contracts/readers/catalog-chessboard-sync.readers.js";
import { TOPIC } from "../../src/contracts/topics.js";
import { createReaderGate } from "../../src/platform/events/contracts/reader-gate.js";
import { createContractRegistry } from "../../src/platform/events/contracts/registry.js";

const N = 20_000;
const ROUNDS = Number(process.env.GATE_ROUNDS ?? 15);
const registry = createContractRegistry();

const booking = () =>
  JSON.stringify({
    BookingId: randomUUID(),
    DealId: randomUUID(),
    PropertyObjectId: randomUUID(),
    TenantId: randomUUID(),
    Version: 1,
    Status: "Reserved",
    CreatedAt: "2026-12-01T12:00:00.000Z",
    InitiatedBy: "Agent",
    InitiatedByUserId: randomUUID(),
    ProgramTerms: { ReserveDurationMinutes: 60, BookingDurationHours: 24, IsPaid: false },
    ReserveExpiresAt: "2026-12-01T13:00:00.000Z",
    DealAgentUserId: randomUUID(),
    DealInvestorUserId: null,
  });
const lot = (numbers: boolean) => {
  const d = (v: string) => (numbers ? `__${v}__` : v);
  const text = JSON.stringify({
    Id: randomUUID(),
    TenantId: randomUUID(),
    ProjectId: randomUUID(),
    BuildingId: randomUUID(),
    LayoutId: null,
    LayoutGroupId: randomUUID(),
    Status: "Free",
    Number: "101",
    Floor: 3,
    Section: 1,
    Rooms: 2,
    TotalArea: d("54.10"),
    LivingArea: d("30.50"),
    Price: d("12450000.10"),
    CurrencyId: 643,
    CurrencySnapshot: { Id: 643, IsoCode: "RUB", Name: "Российский рубль", Symbol: "₽" },
    PricePerMeter: d("230129.39"),
    WindowViews: { Views: ["Sea"] },
    Capacity: null,
    PropertyType: "Apartment",
    UpdatedAt: "2026-12-01T12:00:00.000Z",
    Version: 1,
  });
  return numbers ? text.replace(/"__([0-9.]+)__"/g, "$1") : text;
};

type Case = { name: string; topic: string; texts: string[]; gate: ReturnType<typeof createReaderGate> };
const cases: Case[] = [
  {
    name: "booking-created (funnel reader)",
    topic: TOPIC.bookingCreated,
    texts: Array.from({ length: N }, booking),
    gate: createReaderGate(funnelBookingCreatedReader),
  },
  {
    name: "property-object-upserted, decimals as strings (catalog reader)",
    topic: TOPIC.propertyObjectUpserted,
    texts: Array.from({ length: N }, () => lot(false)),
    gate: createReaderGate(catalogPropertyObjectUpsertedReader),
  },
  {
    name: "property-object-upserted, decimals as JSON numbers (catalog reader)",
    topic: TOPIC.propertyObjectUpserted,
    texts: Array.from({ length: N }, () => lot(true)),
    gate: createReaderGate(catalogPropertyObjectUpsertedReader),
  },
];

const old = (c: Case) => {
  for (const t of c.texts)
    if (!registry.validatePayload(c.topic, JSON.parse(t)).ok && c.name.includes("strings"))
      throw new Error("old gate refused");
};
const now = (c: Case) => {
  for (const t of c.texts) if (!c.gate.read(t).ok) throw new Error(`reader gate refused ${c.name}`);
};
const time = (fn: () => void) => {
  const t = performance.now();
  fn();
  return ((performance.now() - t) / N) * 1000; // µs per message
};
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `best ${s[0]?.toFixed(2)} µs, median ${s[Math.floor(s.length / 2)]?.toFixed(2)} µs`;
};
for (const c of cases) {
  old(c);
  now(c);
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    a.push(time(() => old(c)));
    b.push(time(() => now(c)));
  }
  console.log(`${c.name}\n  producer schema (before): ${stats(a)}\n  reader gate (after):      ${stats(b)}`);
}
