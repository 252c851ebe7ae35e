import { DEMO_CHESSBOARD } from "../domain/chessboard/seed/seed-demo-structure.js";
import { DEMO_CRM } from "../domain/crm/seed/seed-demo-deals.js";
import { DEMO_DEVELOPER_ID, DEMO_SECOND_DEVELOPER_ID, DEMO_USERS } from "../platform/auth/demo-users.js";
import { assignApartments, buyersOrder } from "./history-apartments.js";
import {
  HOLDING_OUTCOMES,
  planHistoryEntry
} from "./history-plan.js";
import { HistoryPlayer, historyId } from "./history-player.js";
import { demoSalesMonth } from "./sales-month.js";
const DAY_MS = 864e5;
const DEVELOPERS = [
  {
    key: "horizon",
    month: {},
    developerId: DEMO_DEVELOPER_ID,
    manager: {
      userId: DEMO_USERS.developer_manager.userId,
      roles: ["developer_manager"],
      tenantId: DEMO_DEVELOPER_ID
    },
    freeProgramId: DEMO_CRM.freeProgramId,
    paidProgramId: DEMO_CRM.paidProgramId
  },
  {
    key: "baltic",
    month: { name: "baltic", scale: 0.5 },
    developerId: DEMO_SECOND_DEVELOPER_ID,
    manager: {
      userId: historyId("baltic-manager"),
      roles: ["developer_manager"],
      tenantId: DEMO_SECOND_DEVELOPER_ID
    },
    freeProgramId: DEMO_CRM.secondDeveloperProgramId,
    paidProgramId: DEMO_CRM.secondDeveloperPaidProgramId
  }
];
const KEPT_FREE = /* @__PURE__ */ new Set([DEMO_CHESSBOARD.exampleApartmentId]);
async function bookableApartments(db, developerId) {
  const rows = await db.chessboardPropertyObject.findMany({
    where: { tenantId: developerId, status: "Free" },
    select: { id: true, buildingId: true, number: true, floor: true, rooms: true },
    orderBy: { id: "asc" }
  });
  const known = await db.crmPropertyObjectReplica.count({ where: { id: { in: rows.map((r) => r.id) } } });
  if (rows.length === 0 || known < rows.length) return null;
  const buildings = await db.chessboardBuilding.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.buildingId))] } },
    select: { id: true, floorsTotal: true, readinessPercent: true }
  });
  const building = new Map(buildings.map((b) => [b.id, b]));
  return rows.filter((r) => !KEPT_FREE.has(r.id)).map((r) => ({
    ...r,
    floorsTotal: building.get(r.buildingId)?.floorsTotal ?? r.floor,
    readinessPercent: building.get(r.buildingId)?.readinessPercent ?? 0
  }));
}
async function termsOf(db, id) {
  const p = await db.crmBookingProgram.findUniqueOrThrow({ where: { id } });
  return { reserveMinutes: p.reserveDurationMinutes, bookingHours: p.bookingDurationHours };
}
async function placeMonth(db, developer, nowMs) {
  const apartments = await bookableApartments(db, developer.developerId);
  if (!apartments) return null;
  const todayMs = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const context = {
    developerKey: developer.key,
    todayMs,
    nowMs,
    free: await termsOf(db, developer.freeProgramId),
    paid: await termsOf(db, developer.paidProgramId)
  };
  const entries = demoSalesMonth(todayMs, developer.month).map((b) => planHistoryEntry(context, b));
  const { apartmentOf, unplaced } = assignApartments(entries, buyersOrder(apartments, developer.key));
  const placed = entries.flatMap((entry) => {
    const apartment = apartmentOf.get(entry.key);
    return apartment ? [{ entry, apartment, side: developer }] : [];
  });
  return { placed, unplaced: unplaced.length };
}
function tally(placed) {
  const count = (...outcomes) => placed.filter((p) => outcomes.includes(p.entry.outcome)).length;
  return {
    bookings: placed.length,
    sold: count("sold"),
    booked: count("booked"),
    reserved: count("reserved"),
    ended: placed.length - count("sold", "booked", "reserved")
  };
}
async function seedDemoHistory(deps, settle) {
  const nowMs = deps.clock.now().getTime();
  if (await alreadySeeded(deps.db, nowMs)) return { bookings: 0, alreadySeeded: 1 };
  const months = [];
  for (const developer of DEVELOPERS) {
    const month = await placeMonth(deps.db, developer, nowMs);
    if (!month) {
      deps.log.info(
        { developerId: developer.developerId },
        "demo history not seeded: crm does not know the demo apartments yet (seed again once the system ran)"
      );
      return { bookings: 0 };
    }
    months.push(month);
  }
  const placed = months.flatMap((m) => m.placed);
  const log = deps.log.isLevelEnabled("debug") ? deps.log : deps.log.child({}, { level: "warn" });
  const player = new HistoryPlayer(deps.db, log);
  await player.play(
    placed.filter((p) => !HOLDING_OUTCOMES.has(p.entry.outcome)),
    settle
  );
  await settle();
  await player.play(
    placed.filter((p) => HOLDING_OUTCOMES.has(p.entry.outcome)),
    settle
  );
  const unplaced = months.reduce((n, m) => n + m.unplaced, 0);
  return { ...tally(placed), unplaced, failed: player.failures };
}
async function alreadySeeded(db, nowMs) {
  const todayMs = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const ids = DEVELOPERS.flatMap(
    (d) => (
      // a month planned on another day may be a little longer: look a little further
      Array.from(
        { length: demoSalesMonth(todayMs, d.month).length * 2 },
        (_, i) => historyId(`deal/${d.key}/${i}`)
      )
    )
  );
  return await db.crmDeal.findFirst({ where: { id: { in: ids } }, select: { id: true } }) !== null;
}
export {
  seedDemoHistory
};
//# sourceMappingURL=seed-demo-history.js.map
