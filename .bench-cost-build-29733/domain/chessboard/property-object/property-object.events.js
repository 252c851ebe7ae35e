import {
  CHESSBOARD_AGGREGATE,
  RUB_CURRENCY
} from "../../../contracts/chessboard-events.js";
import { enqueue } from "../../../platform/events/outbox/enqueue.js";
import { TOPIC } from "../../../platform/events/topics.js";
import { publishedStatus } from "../status/property-object-status.js";
const MONEY_SCALE = 2;
function pricePerMeter(price, area) {
  const p = Number(price.toString());
  const a = Number(area.toString());
  if (!(a > 0)) return 0 .toFixed(MONEY_SCALE);
  return (Math.round(p / a * 100) / 100).toFixed(MONEY_SCALE);
}
const money = (value) => Number(value.toString()).toFixed(MONEY_SCALE);
const iso = (date) => date ? date.toISOString() : null;
async function buildingStatusOf(tx, buildingId) {
  const building = await tx.chessboardBuilding.findUnique({
    where: { id: buildingId },
    select: { status: true }
  });
  return building?.status ?? "Published";
}
function propertyObjectUpsertedPayload(row, buildingStatus = "Published") {
  return {
    Id: row.id,
    TenantId: row.tenantId,
    ProjectId: row.projectId,
    BuildingId: row.buildingId,
    LayoutId: row.layoutId,
    LayoutGroupId: row.layoutGroupId,
    Status: publishedStatus(row.status, buildingStatus),
    Number: row.number,
    Floor: row.floor,
    Section: row.section,
    Rooms: row.rooms,
    TotalArea: money(row.totalArea),
    LivingArea: row.livingArea === null ? null : money(row.livingArea),
    Price: money(row.price),
    CurrencyId: RUB_CURRENCY.Id,
    CurrencySnapshot: RUB_CURRENCY,
    PricePerMeter: pricePerMeter(row.price, row.totalArea),
    WindowViews: { Views: row.windowViews },
    Capacity: row.capacity,
    PropertyType: row.propertyType,
    UpdatedAt: row.updatedAt.toISOString(),
    Version: row.version
  };
}
function statusChangedPayload(before, after, source, building = { before: "Published", after: "Published" }) {
  return {
    PropertyObjectId: after.id,
    TenantId: after.tenantId,
    ProjectId: after.projectId,
    BuildingId: after.buildingId,
    FromStatus: publishedStatus(before.status, building.before),
    ToStatus: publishedStatus(after.status, building.after),
    StatusSource: source,
    HoldDealId: after.holdDealId,
    HoldBookingId: after.holdBookingId,
    ReservedUntil: iso(after.reservedUntil),
    BookedUntil: iso(after.bookedUntil),
    SoldAt: iso(after.soldAt),
    StatusChangedAt: after.statusChangedAt.toISOString(),
    Version: after.version
  };
}
function priceChangedPayload(before, after, source) {
  return {
    PropertyObjectId: after.id,
    TenantId: after.tenantId,
    ProjectId: after.projectId,
    BuildingId: after.buildingId,
    OldPrice: money(before.price),
    NewPrice: money(after.price),
    CurrencyId: RUB_CURRENCY.Id,
    CurrencySnapshot: RUB_CURRENCY,
    PricePerMeter: pricePerMeter(after.price, after.totalArea),
    ChangedAt: after.updatedAt.toISOString(),
    Source: source,
    Version: after.version
  };
}
const base = (row) => ({
  key: row.id,
  aggregateType: CHESSBOARD_AGGREGATE.propertyObject,
  occurredAt: row.updatedAt
});
async function enqueueStatusChanged(tx, clock, before, after, source, cause = {}, building) {
  const statuses = building ?? await buildingStatusOf(tx, after.buildingId).then((s) => ({ before: s, after: s }));
  const payload = statusChangedPayload(before, after, source, statuses);
  return enqueue(tx, { topic: TOPIC.propertyObjectStatusChanged, ...base(after), payload, ...cause }, clock);
}
function enqueuePriceChanged(tx, clock, before, after, source, cause = {}) {
  const payload = priceChangedPayload(before, after, source);
  return enqueue(tx, { topic: TOPIC.propertyObjectPriceChanged, ...base(after), payload, ...cause }, clock);
}
function enqueuePropertyObjectUpserted(tx, clock, row, buildingStatus, cause = {}) {
  const payload = propertyObjectUpsertedPayload(row, buildingStatus);
  return enqueue(tx, { topic: TOPIC.propertyObjectUpserted, ...base(row), payload, ...cause }, clock);
}
export {
  buildingStatusOf,
  enqueuePriceChanged,
  enqueuePropertyObjectUpserted,
  enqueueStatusChanged,
  priceChangedPayload,
  pricePerMeter,
  propertyObjectUpsertedPayload,
  statusChangedPayload
};
//# sourceMappingURL=property-object.events.js.map
