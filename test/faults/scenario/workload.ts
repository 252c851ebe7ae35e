import { randomUUID } from "node:crypto";
import type { BookingStatusContract } from "../../../src/contracts/crm-booking-events.js";
import { DEMO_USERS } from "../../../src/platform/auth/demo-users.js";
import type { Db } from "../../../src/platform/db/prisma-client.js";
import type { ApiClient, CommandResult } from "./api-client.js";
import type { Prng } from "./prng.js";
import { BASE_PRICE, type World } from "./world.js";

/**
 * The mixed stream: lanes run in parallel, each with its own agent, investor, deals and building,
 * one command at a time — bookings created, confirmed (free programme) or contracted, receipted
 * and paid (paid programme), extended, expired, cancelled (the booking or the whole deal), sales
 * started; prices changed and buildings renamed in between. What each acknowledged command did is
 * written to the ledger; a command whose outcome is unknown (its api process was killed, the
 * database was down) is followed by a re-read of crm's rows, and the ledger takes what crm says.
 */
type BookingStatus = BookingStatusContract;
const ACTIVE: ReadonlySet<string> = new Set(["Reserved", "AwaitingPayment", "Booked"]);

export interface Ledger {
  readonly bookings: Map<string, { status: string; objectId: string; dealId: string }>;
  readonly deals: Map<string, string>;
  readonly prices: Map<string, number>;
  readonly buildingNames: Map<string, string>;
  /** Commands sent plus deadlines moved: the stream's events */
  events: number;
  readonly byKind: Map<string, number>;
  /** Refusals the eventual consistency explains (a release not yet seen by chessboard) */
  readonly lagRefusals: Map<string, number>;
  /** Refusals the model did not expect: reported, and each one re-read from crm */
  readonly unexpected: string[];
  resyncs: number;
}

export function createLedger(): Ledger {
  return {
    bookings: new Map(),
    deals: new Map(),
    prices: new Map(),
    buildingNames: new Map(),
    events: 0,
    byKind: new Map(),
    lagRefusals: new Map(),
    unexpected: [],
    resyncs: 0,
  };
}

/** Refusals that only say "another process has not caught up yet", never lost or doubled work. */
const LAG_CODES = new Set([
  "CHESSBOARD_PROPERTY_OBJECT_ON_HOLD",
  "CRM_PROPERTY_OBJECT_NOT_FREE",
  "CRM_CONCURRENT_MODIFICATION",
]);

interface LaneBooking {
  id: string;
  status: string;
  paid: boolean;
  receipt: boolean;
  objectId: string;
}

interface LaneState {
  readonly index: number;
  readonly agent: string;
  readonly investor: string;
  readonly buildingId: string;
  readonly objects: string[];
  deal: { id: string; status: string; title: string } | null;
  booking: LaneBooking | null;
}

export interface WorkloadDeps {
  readonly db: Db;
  readonly api: ApiClient;
  readonly world: World;
  readonly ledger: Ledger;
  readonly prng: Prng;
  /** Called after every event: the chaos schedule hooks in here */
  readonly onEvent: (events: number) => Promise<void>;
  /** The stream goes on past its count while this says so (a fault still running), up to `cap` */
  readonly keepGoing?: { readonly while: () => boolean; readonly cap: number };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const EXPIRY_WAIT_MS = 180_000;
const RETRY_MS = 500;

/** Runs until `events` events were issued over all lanes. */
export async function runWorkload(deps: WorkloadDeps, events: number): Promise<void> {
  const { world } = deps;
  const lanes: LaneState[] = world.lanes.map((lane, index) => ({
    index,
    agent: randomUUID(),
    investor: randomUUID(),
    buildingId: lane.buildingId,
    objects: [...lane.objectIds],
    deal: null,
    booking: null,
  }));
  for (const lane of world.lanes)
    lane.objectIds.forEach((id, i) => {
      if (!deps.ledger.prices.has(id)) deps.ledger.prices.set(id, BASE_PRICE + i * 1000);
    });
  await Promise.all(
    lanes.map(async (lane) => {
      const more = () =>
        deps.ledger.events < events ||
        (deps.keepGoing !== undefined && deps.keepGoing.while() && deps.ledger.events < deps.keepGoing.cap);
      while (more()) await step(deps, lane);
    }),
  );
}

async function count(deps: WorkloadDeps, kind: string): Promise<void> {
  deps.ledger.events++;
  deps.ledger.byKind.set(kind, (deps.ledger.byKind.get(kind) ?? 0) + 1);
  await deps.onEvent(deps.ledger.events);
}

/** Retries a read of crm (the database may be restarting) until it answers. */
async function read<T>(fn: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await fn();
    } catch {
      await pause(RETRY_MS);
    }
  }
}

async function step(deps: WorkloadDeps, lane: LaneState): Promise<void> {
  const { prng } = deps;
  if (!lane.deal || lane.deal.status === "Sale" || lane.deal.status === "Cancelled")
    return openDeal(deps, lane);
  // An engageDeveloper whose outcome was unknown and did not happen: engage again.
  if (lane.deal.status === "Draft") return engage(deps, lane);
  const b = lane.booking;
  if (!b) {
    const free = lane.objects.filter((o) => o !== undefined);
    if (prng.chance(0.06) && free.length > 0) return changePrice(deps, lane, prng.pick(free));
    if (prng.chance(0.03)) return renameBuilding(deps, lane);
    if (free.length === 0) return renameBuilding(deps, lane);
    return book(deps, lane, prng.pick(free), prng.chance(0.3));
  }
  const r = prng.next();
  if (b.status === "Reserved" && !b.paid) {
    if (r < 0.55) return transition(deps, lane, "confirmBooking", "Booked");
    if (r < 0.7) return cancel(deps, lane);
    if (r < 0.85) return expire(deps, lane);
    if (r < 0.93) return cancelDeal(deps, lane);
    return changePrice(deps, lane, b.objectId);
  }
  if (b.status === "Reserved" && b.paid) {
    if (r < 0.7)
      return transition(
        deps,
        lane,
        "uploadBookingContract",
        "AwaitingPayment",
        `contractFileId: "contract-${b.id}"`,
      );
    if (r < 0.85) return cancel(deps, lane);
    return expire(deps, lane);
  }
  if (b.status === "AwaitingPayment") {
    if (r < 0.85) {
      if (!b.receipt)
        return transition(
          deps,
          lane,
          "uploadPaymentReceipt",
          "AwaitingPayment",
          `receiptFileId: "receipt-${b.id}"`,
        );
      return transition(deps, lane, "confirmBookingPayment", "Booked");
    }
    if (r < 0.93) return cancel(deps, lane);
    return expire(deps, lane);
  }
  // Booked
  if (r < 0.3) return transition(deps, lane, "extendBooking", "Booked");
  if (r < 0.6) return transition(deps, lane, "startSale", "Completed");
  if (r < 0.75) return cancel(deps, lane);
  if (r < 0.9) return expire(deps, lane);
  return cancelDeal(deps, lane);
}

async function tokenOf(deps: WorkloadDeps, who: "pin" | "developer"): Promise<string> {
  return who === "pin"
    ? deps.api.token("pin_manager", DEMO_USERS.pin_manager.userId)
    : deps.api.token("developer_manager", DEMO_USERS.developer_manager.userId, deps.world.developerId);
}

async function handle(
  deps: WorkloadDeps,
  lane: LaneState,
  result: CommandResult,
  what: string,
): Promise<boolean> {
  if (result.kind === "ok") return true;
  if (result.kind === "refused") {
    if (LAG_CODES.has(result.code))
      deps.ledger.lagRefusals.set(result.code, (deps.ledger.lagRefusals.get(result.code) ?? 0) + 1);
    else deps.ledger.unexpected.push(`${what}: ${result.code}`);
  }
  await resync(deps, lane);
  return false;
}

async function openDeal(deps: WorkloadDeps, lane: LaneState): Promise<void> {
  const title = `faults lane ${lane.index} ${randomUUID()}`;
  const pin = await tokenOf(deps, "pin");
  const created = await deps.api.mutate(
    "createDeal",
    `title: "${title}", agentUserId: "${lane.agent}", investorUserId: "${lane.investor}"`,
    pin,
    true,
  );
  await count(deps, "createDeal");
  let dealId = created.kind === "ok" ? created.id : null;
  if (created.kind === "unknown") {
    const found = await read(() => deps.db.crmDeal.findFirst({ where: { title } }));
    dealId = found?.id ?? null;
  } else if (created.kind === "refused") deps.ledger.unexpected.push(`createDeal: ${created.code}`);
  if (!dealId) return;
  lane.deal = { id: dealId, status: "Draft", title };
  lane.booking = null;
  deps.ledger.deals.set(dealId, "Draft");
  await engage(deps, lane);
}

async function engage(deps: WorkloadDeps, lane: LaneState): Promise<void> {
  const dealId = lane.deal!.id;
  const engaged = await deps.api.mutate(
    "engageDeveloper",
    `dealId: "${dealId}", developerId: "${deps.world.developerId}"`,
    await tokenOf(deps, "pin"),
  );
  await count(deps, "engageDeveloper");
  if (await handle(deps, lane, engaged, "engageDeveloper")) setDeal(deps, lane, "Application");
}

function setDeal(deps: WorkloadDeps, lane: LaneState, status: string): void {
  if (!lane.deal) return;
  lane.deal.status = status;
  deps.ledger.deals.set(lane.deal.id, status);
}

function setBooking(deps: WorkloadDeps, lane: LaneState, status: string): void {
  const b = lane.booking;
  if (!b || !lane.deal) return;
  b.status = status;
  deps.ledger.bookings.set(b.id, { status, objectId: b.objectId, dealId: lane.deal.id });
  if (!ACTIVE.has(status)) {
    lane.booking = null;
    if (status === "Completed") {
      lane.objects.splice(lane.objects.indexOf(b.objectId), 1);
      setDeal(deps, lane, "Sale");
    } else if (lane.deal.status !== "Cancelled") setDeal(deps, lane, "Application");
  }
}

async function book(deps: WorkloadDeps, lane: LaneState, objectId: string, paid: boolean): Promise<void> {
  const deal = lane.deal!;
  const programme = paid ? `, programId: "${deps.world.paidProgramId}"` : "";
  const result = await deps.api.mutate(
    "createBooking",
    `dealId: "${deal.id}", propertyObjectId: "${objectId}"${programme}`,
    await tokenOf(deps, "pin"),
    true,
  );
  await count(deps, "createBooking");
  if (result.kind === "ok" && result.id) {
    lane.booking = { id: result.id, status: "Reserved", paid, receipt: false, objectId };
    setBooking(deps, lane, "Reserved");
    setDeal(deps, lane, "Booking");
    return;
  }
  await handle(deps, lane, result, "createBooking");
}

async function transition(
  deps: WorkloadDeps,
  lane: LaneState,
  name: string,
  to: BookingStatus,
  extra = "",
): Promise<void> {
  const b = lane.booking!;
  const who = name === "uploadBookingContract" || name === "confirmBookingPayment" ? "developer" : "pin";
  const result = await deps.api.mutate(
    name,
    `bookingId: "${b.id}"${extra ? `, ${extra}` : ""}`,
    await tokenOf(deps, who),
  );
  await count(deps, name);
  if (!(await handle(deps, lane, result, name))) return;
  if (name === "uploadPaymentReceipt") b.receipt = true;
  setBooking(deps, lane, to);
}

async function cancel(deps: WorkloadDeps, lane: LaneState): Promise<void> {
  const b = lane.booking!;
  const result = await deps.api.mutate(
    "cancelBooking",
    `bookingId: "${b.id}", reason: "faults"`,
    await tokenOf(deps, "pin"),
  );
  await count(deps, "cancelBooking");
  if (await handle(deps, lane, result, "cancelBooking")) setBooking(deps, lane, "Cancelled");
}

async function cancelDeal(deps: WorkloadDeps, lane: LaneState): Promise<void> {
  const deal = lane.deal!;
  const result = await deps.api.mutate(
    "cancelDeal",
    `dealId: "${deal.id}", reason: "faults"`,
    await tokenOf(deps, "pin"),
  );
  await count(deps, "cancelDeal");
  if (!(await handle(deps, lane, result, "cancelDeal"))) return;
  setDeal(deps, lane, "Cancelled");
  setBooking(deps, lane, "Cancelled");
}

/**
 * Time passes for one booking: its deadline is moved into the past in crm's row (the clock of six
 * processes cannot be moved together), and the booking-expiration workers expire it. The lane
 * waits for that, as a user would find the booking expired.
 */
async function expire(deps: WorkloadDeps, lane: LaneState): Promise<void> {
  const b = lane.booking!;
  const booked = b.status === "Booked";
  await read(() =>
    booked
      ? deps.db
          .$executeRaw`UPDATE crm.bookings SET booking_expires_at = now() - interval '1 second' WHERE id = ${b.id}::uuid`
      : deps.db
          .$executeRaw`UPDATE crm.bookings SET reserve_expires_at = now() - interval '1 second' WHERE id = ${b.id}::uuid`,
  );
  await count(deps, "expire");
  const deadline = Date.now() + EXPIRY_WAIT_MS;
  for (;;) {
    const row = await read(() => deps.db.crmBooking.findUnique({ where: { id: b.id } }));
    if (row && !ACTIVE.has(row.status)) {
      setBooking(deps, lane, row.status);
      return;
    }
    if (Date.now() > deadline) {
      deps.ledger.unexpected.push(`expire: booking ${b.id} still ${row?.status} after ${EXPIRY_WAIT_MS} ms`);
      return resync(deps, lane);
    }
    await pause(RETRY_MS);
  }
}

async function changePrice(deps: WorkloadDeps, lane: LaneState, objectId: string): Promise<void> {
  const price = BASE_PRICE + deps.prng.int(2_000_000);
  const result = await deps.api.mutate(
    "changePropertyObjectPrice",
    `id: "${objectId}", price: "${price}.00"`,
    await tokenOf(deps, "developer"),
  );
  await count(deps, "changePropertyObjectPrice");
  if (result.kind === "ok") deps.ledger.prices.set(objectId, price);
  else if (
    result.kind === "refused" &&
    (result.code === "CHESSBOARD_PROPERTY_OBJECT_ON_HOLD" || lane.booking?.objectId === objectId)
  )
    deps.ledger.lagRefusals.set("price on hold", (deps.ledger.lagRefusals.get("price on hold") ?? 0) + 1);
  else if (result.kind === "unknown") {
    const row = await read(() => deps.db.chessboardPropertyObject.findUnique({ where: { id: objectId } }));
    if (row) deps.ledger.prices.set(objectId, Number(row.price));
  } else deps.ledger.unexpected.push(`changePropertyObjectPrice: ${result.code}`);
}

async function renameBuilding(deps: WorkloadDeps, lane: LaneState): Promise<void> {
  const name = `Корпус ${lane.index + 1}.${deps.prng.int(1_000_000)}`;
  const input = `{ name: "${name}", status: Published, floorsTotal: 30, sectionsCount: 1, deliveryYear: 2028, deliveryQuarter: 2, constructionStatus: UnderConstruction }`;
  const result = await deps.api.mutate(
    "updateChessboardBuilding",
    `id: "${lane.buildingId}", input: ${input}`,
    await tokenOf(deps, "developer"),
  );
  await count(deps, "updateChessboardBuilding");
  if (result.kind === "ok") deps.ledger.buildingNames.set(lane.buildingId, name);
  else if (result.kind === "unknown") {
    const row = await read(() => deps.db.chessboardBuilding.findUnique({ where: { id: lane.buildingId } }));
    if (row) deps.ledger.buildingNames.set(lane.buildingId, row.name);
  } else deps.ledger.unexpected.push(`updateChessboardBuilding: ${result.code}`);
}

/** After an unknown outcome or a refusal: crm's rows are the truth for this lane from now on. */
async function resync(deps: WorkloadDeps, lane: LaneState): Promise<void> {
  deps.ledger.resyncs++;
  await pause(RETRY_MS);
  if (!lane.deal) return;
  const dealId = lane.deal.id;
  const deal = await read(() => deps.db.crmDeal.findUnique({ where: { id: dealId } }));
  if (!deal) {
    lane.deal = null;
    return;
  }
  lane.deal.status = deal.status;
  deps.ledger.deals.set(deal.id, deal.status);
  const latest = await read(() =>
    deps.db.crmBooking.findMany({ where: { dealId }, orderBy: { createdAt: "desc" } }),
  );
  for (const row of latest)
    deps.ledger.bookings.set(row.id, { status: row.status, objectId: row.propertyObjectId, dealId });
  const active = latest.find((row) => ACTIVE.has(row.status));
  lane.booking = active
    ? {
        id: active.id,
        status: active.status,
        paid: active.isPaid,
        receipt: active.receiptFileId !== null,
        objectId: active.propertyObjectId,
      }
    : null;
  const sold = latest.find((row) => row.status === "Completed");
  if (sold) {
    const at = lane.objects.indexOf(sold.propertyObjectId);
    if (at >= 0) lane.objects.splice(at, 1);
  }
}
