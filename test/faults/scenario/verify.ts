import type { Db } from "../../../src/platform/db/prisma-client.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import type { Ledger } from "./workload.js";
import type { World } from "./world.js";

/**
 * Every read model against its reference, after quiescence:
 * - crm bookings and deals = what the acknowledged commands left (the ledger);
 * - chessboard's status of every object = what crm's bookings on it imply, its price = the last
 *   acknowledged price; no booking transition applied twice (one status-changed per booking phase);
 * - crm's replica of every object = chessboard's status (the round trip);
 * - every catalog card = chessboard's status, price, Version and building name; a card at the
 *   object's last Version whose field still differs is LIM-1 (a lower-Version event of another
 *   topic skipped after a higher one), counted, not failed;
 * - ClickHouse funnel: uniq bookings = booking-created events;
 * - messenger: one chat card per created/paid/expired event; notifications: every notifying crm
 *   event has its notifications;
 * - nothing dead-lettered.
 */
export interface Verdict {
  readonly compared: Record<string, number>;
  readonly lost: string[];
  readonly duplicated: string[];
  readonly stuck: string[];
  readonly lim1: string[];
}

const CARD_TOPICS = [TOPIC.bookingCreated, TOPIC.bookingPaid, TOPIC.bookingExpired];
/** Decision 0122: created and extended notify nobody; a paid booking's confirmed only through its paid. */
const NOTIFYING_TOPICS = [
  TOPIC.bookingConfirmed,
  TOPIC.bookingPaid,
  TOPIC.bookingExpired,
  TOPIC.bookingCancelled,
  TOPIC.dealSaleStarted,
];

function expectedStatus(bookings: Array<{ status: string }>): string {
  if (bookings.some((b) => b.status === "Completed")) return "Sold";
  if (bookings.some((b) => b.status === "Booked")) return "Booked";
  if (bookings.some((b) => b.status === "Reserved" || b.status === "AwaitingPayment")) return "Reserved";
  return "Free";
}

async function clickhouse(url: string, query: string): Promise<string> {
  const response = await fetch(`${url}/?query=${encodeURIComponent(query)}`);
  const text = await response.text();
  if (!response.ok) throw new Error(`ClickHouse: ${text}`);
  return text.trim();
}

async function sourceIds(db: Db, topics: readonly string[]): Promise<Set<string>> {
  const rows = await db.outboxMessage.findMany({
    where: { topic: { in: [...topics] } },
    select: { messageId: true },
  });
  return new Set(rows.map((r) => r.messageId));
}

export async function verify(deps: {
  db: Db;
  world: World;
  ledger: Ledger;
  clickhouseUrl: string;
  devstatsDatabase: string;
}): Promise<Verdict> {
  const { db, world, ledger } = deps;
  const lost: string[] = [];
  const duplicated: string[] = [];
  const stuck: string[] = [];
  const lim1: string[] = [];
  const compared: Record<string, number> = {};

  // crm = the acknowledged commands
  const bookings = await db.crmBooking.findMany();
  const byId = new Map(bookings.map((b) => [b.id, b]));
  for (const [id, expected] of ledger.bookings) {
    const row = byId.get(id);
    if (!row) lost.push(`crm booking ${id} acknowledged as ${expected.status} is missing`);
    else if (row.status !== expected.status)
      lost.push(`crm booking ${id}: ${row.status}, acknowledged ${expected.status}`);
  }
  compared.crmBookings = ledger.bookings.size;
  for (const b of bookings)
    if (!ledger.bookings.has(b.id))
      duplicated.push(`crm booking ${b.id} (${b.status}) no command acknowledged`);
  const deals = await db.crmDeal.findMany({ where: { id: { in: [...ledger.deals.keys()] } } });
  for (const d of deals)
    if (ledger.deals.get(d.id) !== d.status)
      lost.push(`crm deal ${d.id}: ${d.status}, acknowledged ${ledger.deals.get(d.id)}`);
  compared.crmDeals = ledger.deals.size;

  // chessboard = crm's bookings on each object; prices = the acknowledged ones
  const objectIds = world.lanes.flatMap((l) => [...l.objectIds]);
  const objects = new Map(
    (await db.chessboardPropertyObject.findMany({ where: { id: { in: objectIds } } })).map((o) => [o.id, o]),
  );
  const bookingsByObject = new Map<string, typeof bookings>();
  for (const b of bookings)
    bookingsByObject.set(b.propertyObjectId, [...(bookingsByObject.get(b.propertyObjectId) ?? []), b]);
  for (const id of objectIds) {
    const o = objects.get(id);
    const on = bookingsByObject.get(id) ?? [];
    const want = expectedStatus(on);
    if (!o) {
      lost.push(`chessboard object ${id} missing`);
      continue;
    }
    if (o.status !== want)
      stuck.push(
        `chessboard ${id}: ${o.status}, crm says ${want} (${on.map((b) => `${b.id.slice(0, 8)}:${b.status}`).join(" ")})`,
      );
    const active = on.find((b) => ["Reserved", "AwaitingPayment", "Booked"].includes(b.status));
    if (active && o.holdBookingId !== active.id)
      stuck.push(`chessboard ${id}: hold ${o.holdBookingId}, crm's active booking ${active.id}`);
    const price = ledger.prices.get(id);
    if (price !== undefined && Number(o.price) !== price)
      lost.push(`chessboard ${id}: price ${o.price}, acknowledged ${price}`);
  }
  compared.chessboardObjects = objectIds.length;
  const doubled = await db.$queryRaw<Array<{ object: string; booking: string; to: string; n: bigint }>>`
    SELECT payload->>'PropertyObjectId' AS object, payload->>'HoldBookingId' AS booking, payload->>'ToStatus' AS to, count(*) AS n
    FROM platform.outbox
    WHERE topic = ${TOPIC.propertyObjectStatusChanged} AND payload->>'StatusSource' = 'Booking'
      AND payload->>'ToStatus' <> 'Free'
    GROUP BY 1, 2, 3, payload->>'FromStatus', payload->>'BookedUntil' HAVING count(*) > 1`;
  for (const d of doubled)
    duplicated.push(`chessboard ${d.object}: booking ${d.booking} → ${d.to} applied ${d.n} times`);

  // crm's replica = chessboard
  const replicas = new Map(
    (await db.crmPropertyObjectReplica.findMany({ where: { id: { in: objectIds } } })).map((r) => [r.id, r]),
  );
  for (const [id, o] of objects) {
    const r = replicas.get(id);
    if (!r) lost.push(`crm replica of ${id} missing`);
    // Status only: price-changed moves chessboard's Version, and crm's replica does not read it.
    else if (r.status !== o.status)
      stuck.push(`crm replica ${id}: ${r.status} v${r.version}, chessboard ${o.status} v${o.version}`);
  }
  compared.crmReplicas = objects.size;

  // catalog cards = chessboard
  const buildings = new Map(
    (await db.chessboardBuilding.findMany({ where: { projectId: world.projectId } })).map((b) => [b.id, b]),
  );
  const cards = new Map(
    (await db.catalogPropertyObjectCard.findMany({ where: { id: { in: objectIds } } })).map((c) => [c.id, c]),
  );
  for (const [id, o] of objects) {
    const c = cards.get(id);
    if (!c) {
      lost.push(`catalog card ${id} missing`);
      continue;
    }
    const differs: string[] = [];
    if (c.propertyObjectStatus !== o.status) differs.push(`status ${c.propertyObjectStatus}≠${o.status}`);
    if (Number(c.sourcePrice) !== Number(o.price)) differs.push(`price ${c.sourcePrice}≠${o.price}`);
    const buildingName = buildings.get(o.buildingId)?.name;
    if (c.buildingName !== buildingName) differs.push(`building ${c.buildingName}≠${buildingName}`);
    if (Number(c.chessboardVersion) < o.version)
      stuck.push(
        `catalog card ${id}: v${c.chessboardVersion} < chessboard v${o.version} (${differs.join(", ")})`,
      );
    else if (differs.length > 0)
      lim1.push(`catalog card ${id} at v${c.chessboardVersion}: ${differs.join(", ")}`);
  }
  compared.catalogCards = objects.size;

  // ClickHouse funnel = booking-created events
  const created = (await sourceIds(db, [TOPIC.bookingCreated])).size;
  const funnel = Number(
    await clickhouse(
      deps.clickhouseUrl,
      `SELECT uniqMerge(Bookings) FROM ${deps.devstatsDatabase}.funnel_daily`,
    ),
  );
  if (funnel < created) lost.push(`funnel counts ${funnel} bookings, ${created} booking-created events`);
  if (funnel > created)
    duplicated.push(`funnel counts ${funnel} bookings, ${created} booking-created events`);
  compared.funnelBookings = created;

  // messenger cards and notifications = the crm events that make them
  const cardSources = await sourceIds(db, CARD_TOPICS);
  const cardRows = await db.messengerMessage.findMany({
    where: { kind: "Card" },
    select: { sourceMessageId: true },
  });
  const seenCards = new Map<string, number>();
  for (const r of cardRows)
    if (r.sourceMessageId) seenCards.set(r.sourceMessageId, (seenCards.get(r.sourceMessageId) ?? 0) + 1);
  for (const id of cardSources) if (!seenCards.has(id)) lost.push(`chat card for event ${id} missing`);
  for (const [id, n] of seenCards) if (n > 1) duplicated.push(`chat card for event ${id} × ${n}`);
  compared.chatCards = cardSources.size;
  const paidBookings = new Set(bookings.filter((b) => b.isPaid).map((b) => b.id));
  const notifying = new Set(
    (
      await db.outboxMessage.findMany({
        where: { topic: { in: NOTIFYING_TOPICS } },
        select: { messageId: true, topic: true, key: true },
      })
    )
      .filter((m) => !(m.topic === TOPIC.bookingConfirmed && paidBookings.has(m.key)))
      .map((m) => m.messageId),
  );
  const notified = new Set(
    (
      await db.notification.findMany({ select: { sourceMessageId: true }, distinct: ["sourceMessageId"] })
    ).map((n) => n.sourceMessageId),
  );
  for (const id of notifying) if (!notified.has(id)) lost.push(`notifications for event ${id} missing`);
  compared.notifyingEvents = notifying.size;

  const dead = await db.deadLetter.findMany({
    select: { groupId: true, topic: true, errorCode: true, reason: true },
  });
  for (const d of dead) stuck.push(`dead letter ${d.groupId} ${d.topic}: ${d.errorCode} ${d.reason}`);

  return { compared, lost, duplicated, stuck, lim1 };
}
