import { isIsoDate, isUuid } from "../../platform/clickhouse/sql-literal.js";
import { assertNever } from "../../platform/errors/domain-error.js";
import { isLowerCaseUuid } from "../../platform/validation/ids.js";
const FUNNEL_STAGES = ["Views", "Favorites", "Selections", "Leads", "Bookings", "Deals"];
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
function eventDateOf(createdAt) {
  if (!ISO_INSTANT.test(createdAt)) return null;
  if (createdAt.endsWith("Z")) {
    const day2 = createdAt.slice(0, 10);
    return isIsoDate(day2) ? day2 : null;
  }
  const ms = Date.parse(createdAt);
  if (!Number.isFinite(ms)) return null;
  const day = new Date(ms).toISOString().slice(0, 10);
  return isIsoDate(day) ? day : null;
}
function lowerUuid(value) {
  if (typeof value !== "string") return null;
  if (isLowerCaseUuid(value)) return value;
  return isUuid(value) ? value.toLowerCase() : null;
}
const whyNotUuid = (value, field) => value === void 0 || value === null ? `${field} is missing` : `${field} is not a UUID`;
function readBookingCreated(payload) {
  if (typeof payload !== "object" || payload === null)
    return { ok: false, reason: "payload is not an object" };
  const p = payload;
  const bookingId = lowerUuid(p.BookingId);
  if (bookingId === null) return { ok: false, reason: whyNotUuid(p.BookingId, "BookingId") };
  const propertyObjectId = lowerUuid(p.PropertyObjectId);
  if (propertyObjectId === null)
    return { ok: false, reason: whyNotUuid(p.PropertyObjectId, "PropertyObjectId") };
  const tenantId = lowerUuid(p.TenantId);
  if (tenantId === null) return { ok: false, reason: whyNotUuid(p.TenantId, "TenantId") };
  if (typeof p.CreatedAt !== "string") return { ok: false, reason: "CreatedAt is missing" };
  const eventDate = eventDateOf(p.CreatedAt);
  if (!eventDate) return { ok: false, reason: "CreatedAt is not an ISO-8601 instant in 1970..2105" };
  return { ok: true, value: { bookingId, propertyObjectId, tenantId, createdAt: p.CreatedAt, eventDate } };
}
function readDealSaleStarted(payload) {
  if (typeof payload !== "object" || payload === null)
    return { ok: false, reason: "payload is not an object" };
  const p = payload;
  const dealId = lowerUuid(p.DealId);
  if (dealId === null) return { ok: false, reason: whyNotUuid(p.DealId, "DealId") };
  const propertyObjectId = lowerUuid(p.PropertyObjectId);
  if (propertyObjectId === null)
    return { ok: false, reason: whyNotUuid(p.PropertyObjectId, "PropertyObjectId") };
  const tenantId = lowerUuid(p.TenantId);
  if (tenantId === null) return { ok: false, reason: whyNotUuid(p.TenantId, "TenantId") };
  if (typeof p.SoldAt !== "string") return { ok: false, reason: "SoldAt is missing" };
  const eventDate = eventDateOf(p.SoldAt);
  if (!eventDate) return { ok: false, reason: "SoldAt is not an ISO-8601 instant in 1970..2105" };
  return { ok: true, value: { dealId, propertyObjectId, tenantId, soldAt: p.SoldAt, eventDate } };
}
function stageRow(d, eventDate, key, id) {
  return {
    DeveloperId: d.DeveloperId,
    ProjectId: d.ProjectId,
    BuildingId: d.BuildingId,
    LayoutGroupId: d.LayoutGroupId,
    LayoutId: d.LayoutId,
    PropertyObjectId: d.PropertyObjectId,
    EventDate: eventDate,
    [key]: id
  };
}
const BOOKINGS_SOURCE = {
  stage: "Bookings",
  event: "booking-created",
  read: readBookingCreated,
  row: (d, f) => stageRow(d, f.eventDate, "BookingId", f.bookingId),
  keyOf: (r) => r.BookingId
};
const DEALS_SOURCE = {
  stage: "Deals",
  event: "deal-sale-started",
  read: readDealSaleStarted,
  row: (d, f) => stageRow(d, f.eventDate, "DealId", f.dealId),
  keyOf: (r) => r.DealId
};
function enrichStage(source, fact, dimension) {
  if (!dimension) return { kind: "late-dimension" };
  if (dimension.DeveloperId !== fact.tenantId) {
    return { kind: "tenant-mismatch", dimensionDeveloperId: dimension.DeveloperId };
  }
  return { kind: "row", row: source.row(dimension, fact) };
}
const enrich = (fact, dimension) => enrichStage(BOOKINGS_SOURCE, fact, dimension);
const APPLIED = Object.freeze({ kind: "applied" });
const DUPLICATE_IN_BATCH = Object.freeze({ kind: "duplicate-in-batch" });
function propertyObjectsOf(facts) {
  const ids = /* @__PURE__ */ new Set();
  for (const fact of facts) if (fact.ok) ids.add(fact.value.propertyObjectId);
  return [...ids];
}
const planBatch = (items, facts, dimensions) => planStageBatch(BOOKINGS_SOURCE, items, facts, dimensions);
function planStageBatch(source, items, facts, dimensions) {
  const seenMessages = /* @__PURE__ */ new Set();
  const rowOfKey = /* @__PURE__ */ new Map();
  const outcomes = new Array(items.length);
  const rows = [];
  for (let i = 0; i < items.length; i++) {
    const messageId = items[i].messageId;
    if (seenMessages.has(messageId)) {
      outcomes[i] = DUPLICATE_IN_BATCH;
      continue;
    }
    seenMessages.add(messageId);
    const fact = facts[i];
    if (!fact.ok) {
      outcomes[i] = { kind: "invalid", reason: fact.reason };
      continue;
    }
    const result = enrichStage(source, fact.value, dimensions.get(fact.value.propertyObjectId));
    switch (result.kind) {
      case "late-dimension":
        outcomes[i] = { kind: "late-dimension", propertyObjectId: fact.value.propertyObjectId };
        break;
      case "tenant-mismatch":
        outcomes[i] = { kind: "tenant-mismatch", propertyObjectId: fact.value.propertyObjectId };
        break;
      case "row": {
        const row = result.row;
        const key = source.keyOf(row);
        const earlier = rowOfKey.get(key);
        if (earlier === void 0) {
          rowOfKey.set(key, row);
          rows.push(row);
        } else if (earlier.PropertyObjectId !== row.PropertyObjectId || earlier.EventDate !== row.EventDate) {
          rows.push(row);
        }
        outcomes[i] = APPLIED;
        break;
      }
      default:
        assertNever(result, "enrichment");
    }
  }
  return { outcomes, rows };
}
function clickhouseDateTime(iso) {
  const ms = Date.parse(iso);
  if (!ISO_INSTANT.test(iso) || !Number.isFinite(ms)) return null;
  const text = new Date(ms).toISOString();
  const year = Number(text.slice(0, 4));
  if (year < 1970 || year > 2105) return null;
  return text.slice(0, 19).replace("T", " ");
}
function dimensionRowOf(payload, eventTime) {
  if (typeof payload !== "object" || payload === null)
    return { ok: false, reason: "payload is not an object" };
  const p = payload;
  for (const field of ["Id", "TenantId", "ProjectId", "BuildingId"]) {
    if (!isUuid(p[field])) return { ok: false, reason: `${field} is not a UUID` };
  }
  for (const field of ["LayoutGroupId", "LayoutId"]) {
    if (p[field] !== null && p[field] !== void 0 && !isUuid(p[field])) {
      return { ok: false, reason: `${field} is not a UUID` };
    }
  }
  const at = typeof p.UpdatedAt === "string" ? p.UpdatedAt : eventTime ?? null;
  const upsertedAt = at === null ? null : clickhouseDateTime(at);
  if (!upsertedAt) return { ok: false, reason: "UpdatedAt is not an ISO-8601 instant" };
  const version = p.Version;
  if (typeof version !== "number" || !Number.isSafeInteger(version) || version < 0) {
    return { ok: false, reason: "Version is not a non-negative integer" };
  }
  const id = (v) => typeof v === "string" ? v.toLowerCase() : "";
  return {
    ok: true,
    value: {
      DeveloperId: id(p.TenantId),
      ProjectId: id(p.ProjectId),
      BuildingId: id(p.BuildingId),
      LayoutGroupId: id(p.LayoutGroupId),
      LayoutId: id(p.LayoutId),
      PropertyObjectId: id(p.Id),
      UpsertedAt: upsertedAt,
      Version: version
    }
  };
}
function conversionRatios(counts) {
  const ratios = [];
  let from = null;
  for (const stage of FUNNEL_STAGES) {
    if (counts[stage] <= 0) continue;
    if (from !== null) ratios.push({ from, to: stage, ratio: counts[stage] / counts[from] });
    from = stage;
  }
  return ratios;
}
export {
  BOOKINGS_SOURCE,
  DEALS_SOURCE,
  FUNNEL_STAGES,
  clickhouseDateTime,
  conversionRatios,
  dimensionRowOf,
  enrich,
  enrichStage,
  eventDateOf,
  planBatch,
  planStageBatch,
  propertyObjectsOf,
  readBookingCreated,
  readDealSaleStarted
};
//# sourceMappingURL=funnel.js.map
