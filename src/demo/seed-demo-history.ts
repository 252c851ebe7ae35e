import { DEMO_CHESSBOARD } from "../domain/chessboard/seed/seed-demo-structure.js";
import { DEMO_CRM } from "../domain/crm/seed/seed-demo-deals.js";
import { DEMO_DEVELOPER_ID, DEMO_SECOND_DEVELOPER_ID, DEMO_USERS } from "../platform/auth/demo-users.js";
import type { Db } from "../platform/db/prisma-client.js";
import { assignApartments, buyersOrder, type DemoApartment } from "./history-apartments.js";
import {
  type HistoryEntry,
  HOLDING_OUTCOMES,
  type ProgrammeTerms,
  planHistoryEntry,
} from "./history-plan.js";
import { type DeveloperSide, HistoryPlayer, historyId, type PlacedEntry } from "./history-player.js";
import { demoSalesMonth, type SalesMonthOptions } from "./sales-month.js";
import type { SeedDeps } from "./seed-deps.js";

const DAY_MS = 86_400_000;

interface HistoryDeveloper extends DeveloperSide {
  readonly key: string;
  readonly month: SalesMonthOptions;
}

/** The demo developer's month as the funnel page shows it; the second developer's at half the pace. */
const DEVELOPERS: readonly HistoryDeveloper[] = [
  {
    key: "horizon",
    month: {},
    developerId: DEMO_DEVELOPER_ID,
    manager: {
      userId: DEMO_USERS.developer_manager.userId,
      roles: ["developer_manager"],
      tenantId: DEMO_DEVELOPER_ID,
    },
    freeProgramId: DEMO_CRM.freeProgramId,
    paidProgramId: DEMO_CRM.paidProgramId,
  },
  {
    key: "baltic",
    month: { name: "baltic", scale: 0.5 },
    developerId: DEMO_SECOND_DEVELOPER_ID,
    manager: {
      userId: historyId("baltic-manager"),
      roles: ["developer_manager"],
      tenantId: DEMO_SECOND_DEVELOPER_ID,
    },
    freeProgramId: DEMO_CRM.secondDeveloperProgramId,
    paidProgramId: DEMO_CRM.secondDeveloperPaidProgramId,
  },
];

/** The example apartment of the README and GraphiQL's booking tab stays Free. */
const KEPT_FREE = new Set([DEMO_CHESSBOARD.exampleApartmentId]);

/** The developer's apartments a buyer can book now: not hidden, Free, and known to crm's replica. */
async function bookableApartments(db: Db, developerId: string): Promise<DemoApartment[] | null> {
  const rows = await db.chessboardPropertyObject.findMany({
    where: { tenantId: developerId, status: "Free" },
    select: { id: true, buildingId: true, number: true, floor: true, rooms: true },
    orderBy: { id: "asc" },
  });
  const known = await db.crmPropertyObjectReplica.count({ where: { id: { in: rows.map((r) => r.id) } } });
  if (rows.length === 0 || known < rows.length) return null;
  const buildings = await db.chessboardBuilding.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.buildingId))] } },
    select: { id: true, floorsTotal: true, readinessPercent: true },
  });
  const building = new Map(buildings.map((b) => [b.id, b]));
  return rows
    .filter((r) => !KEPT_FREE.has(r.id))
    .map((r) => ({
      ...r,
      floorsTotal: building.get(r.buildingId)?.floorsTotal ?? r.floor,
      readinessPercent: building.get(r.buildingId)?.readinessPercent ?? 0,
    }));
}

async function termsOf(db: Db, id: string): Promise<ProgrammeTerms> {
  const p = await db.crmBookingProgram.findUniqueOrThrow({ where: { id } });
  return { reserveMinutes: p.reserveDurationMinutes, bookingHours: p.bookingDurationHours };
}

/** One developer's month, planned and placed on its apartments. */
async function placeMonth(db: Db, developer: HistoryDeveloper, nowMs: number) {
  const apartments = await bookableApartments(db, developer.developerId);
  if (!apartments) return null;
  const todayMs = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const context = {
    developerKey: developer.key,
    todayMs,
    nowMs,
    free: await termsOf(db, developer.freeProgramId),
    paid: await termsOf(db, developer.paidProgramId),
  };
  const entries = demoSalesMonth(todayMs, developer.month).map((b) => planHistoryEntry(context, b));
  const { apartmentOf, unplaced } = assignApartments(entries, buyersOrder(apartments, developer.key));
  const placed = entries.flatMap((entry): PlacedEntry[] => {
    const apartment = apartmentOf.get(entry.key);
    return apartment ? [{ entry, apartment, side: developer }] : [];
  });
  return { placed, unplaced: unplaced.length };
}

function tally(placed: readonly PlacedEntry[]) {
  const count = (...outcomes: HistoryEntry["outcome"][]) =>
    placed.filter((p) => outcomes.includes(p.entry.outcome)).length;
  return {
    bookings: placed.length,
    sold: count("sold"),
    booked: count("booked"),
    reserved: count("reserved"),
    ended: placed.length - count("sold", "booked", "reserved"),
  };
}

/**
 * The demo's sales history (issue #44): a month of bookings per demo developer (sales-month.ts),
 * each played through crm's commands at its own instant (history-player.ts), so that chessboard,
 * the storefront, the funnel, the chats and the inboxes all follow from the same events. First the
 * bookings that ended without a sale, then — once the consumers caught up (`settle`) — those that
 * still hold their apartment: an apartment let go may be sold later, and chessboard never sees a
 * new hold before the old one's release. Runs once: when any of its deals exists (an earlier start),
 * it leaves the data to age like real data (holds lapse, the month slides). Needs crm's replica to
 * know the apartments; without it (the CLI with no system running) it seeds nothing and says so.
 */
export async function seedDemoHistory(
  deps: SeedDeps,
  settle: () => Promise<void>,
): Promise<Record<string, number>> {
  const nowMs = deps.clock.now().getTime();
  if (await alreadySeeded(deps.db, nowMs)) return { bookings: 0, alreadySeeded: 1 };
  const months = [];
  for (const developer of DEVELOPERS) {
    const month = await placeMonth(deps.db, developer, nowMs);
    if (!month) {
      deps.log.info(
        { developerId: developer.developerId },
        "demo history not seeded: crm does not know the demo apartments yet (seed again once the system ran)",
      );
      return { bookings: 0 };
    }
    months.push(month);
  }
  const placed = months.flatMap((m) => m.placed);
  // Each command logs its transition at info: the history's ~1,000 of them only at debug.
  const log = deps.log.isLevelEnabled("debug") ? deps.log : deps.log.child({}, { level: "warn" });
  const player = new HistoryPlayer(deps.db, log);
  await player.play(
    placed.filter((p) => !HOLDING_OUTCOMES.has(p.entry.outcome)),
    settle,
  );
  await settle();
  await player.play(
    placed.filter((p) => HOLDING_OUTCOMES.has(p.entry.outcome)),
    settle,
  );
  const unplaced = months.reduce((n, m) => n + m.unplaced, 0);
  return { ...tally(placed), unplaced, failed: player.failures };
}

/** Any deal of the month's plan there already (an earlier start, whatever day it planned for). */
async function alreadySeeded(db: Db, nowMs: number): Promise<boolean> {
  const todayMs = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const ids = DEVELOPERS.flatMap((d) =>
    // a month planned on another day may be a little longer: look a little further
    Array.from({ length: demoSalesMonth(todayMs, d.month).length * 2 }, (_, i) =>
      historyId(`deal/${d.key}/${i}`),
    ),
  );
  return (await db.crmDeal.findFirst({ where: { id: { in: ids } }, select: { id: true } })) !== null;
}
