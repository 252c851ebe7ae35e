/**
 * The funnel, pure: payload validation, EventDate, enrichment decision with the tenant guard, the
 * partial funnel_daily row, the batch plan, the dimension row, and the ratios. Two observed stages
 * share every step: Bookings (crm's booking-created, uniqState(BookingId)) and Deals (crm's
 * deal-sale-started, uniqState(DealId)); a `StageSource` says how a stage reads its event.
 * No I/O here; devstats.store.ts talks to ClickHouse.
 */
import { isIsoDate, isUuid } from "../../platform/clickhouse/sql-literal.js";
import { assertNever } from "../../platform/errors/domain-error.js";
import { isLowerCaseUuid } from "../../platform/validation/ids.js";

/** Stages of funnel_daily in funnel order (one AggregateFunction(uniq, String) column each). */
export const FUNNEL_STAGES = ["Views", "Favorites", "Selections", "Leads", "Bookings", "Deals"] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/** The hierarchy path of a property object; LayoutGroupId/LayoutId are "" when the object has none. */
export interface Dimension {
  readonly DeveloperId: string;
  readonly ProjectId: string;
  readonly BuildingId: string;
  readonly LayoutGroupId: string;
  readonly LayoutId: string;
  readonly PropertyObjectId: string;
}

/** One dim_property_object row: the path as of the source event's time. */
export interface DimensionRow extends Dimension {
  /** the source event's UpdatedAt, "YYYY-MM-DD hh:mm:ss" UTC (never the ingest time) */
  readonly UpsertedAt: string;
  /** the object's version, tie-break inside one second */
  readonly Version: number;
}

/** One row of the Null input table feeding funnel_daily.Bookings through the materialized view. */
export interface FunnelBookingRow extends Dimension {
  readonly EventDate: string;
  readonly BookingId: string;
}

export interface BookingFact {
  readonly bookingId: string;
  readonly propertyObjectId: string;
  readonly tenantId: string;
  readonly createdAt: string;
  readonly eventDate: string;
}

/** One row of the Null input table feeding funnel_daily.Deals through its materialized view. */
export interface FunnelDealRow extends Dimension {
  readonly EventDate: string;
  readonly DealId: string;
}

export interface DealFact {
  readonly dealId: string;
  readonly propertyObjectId: string;
  readonly tenantId: string;
  readonly soldAt: string;
  readonly eventDate: string;
}

/** What every stage's fact carries for enrichment and the guard. */
export interface StageFact {
  readonly propertyObjectId: string;
  readonly tenantId: string;
  readonly eventDate: string;
}

/** A funnel_daily input row of any stage: the path, the day and the stage's business key. */
export type FunnelStageRow = Dimension & { readonly EventDate: string };

export type Validated<T> = { ok: true; value: T } | { ok: false; reason: string };

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/** EventDate = toDate(CreatedAt) in UTC (decision 0101): the UTC calendar day of the instant. */
export function eventDateOf(createdAt: string): string | null {
  if (!ISO_INSTANT.test(createdAt)) return null;
  if (createdAt.endsWith("Z")) {
    const day = createdAt.slice(0, 10);
    return isIsoDate(day) ? day : null;
  }
  const ms = Date.parse(createdAt);
  if (!Number.isFinite(ms)) return null;
  const day = new Date(ms).toISOString().slice(0, 10);
  return isIsoDate(day) ? day : null;
}

/** A UUID field lower-cased (no copy when it already is), or null (runs once per consumed event). */
function lowerUuid(value: unknown): string | null {
  if (typeof value !== "string") return null;
  if (isLowerCaseUuid(value)) return value;
  return isUuid(value) ? value.toLowerCase() : null;
}

const whyNotUuid = (value: unknown, field: string): string =>
  value === undefined || value === null ? `${field} is missing` : `${field} is not a UUID`;

/** Step 2 of the algorithm: the four fields the funnel reads (others are ignored). */
export function readBookingCreated(payload: unknown): Validated<BookingFact> {
  if (typeof payload !== "object" || payload === null)
    return { ok: false, reason: "payload is not an object" };
  const p = payload as {
    BookingId?: unknown;
    PropertyObjectId?: unknown;
    TenantId?: unknown;
    CreatedAt?: unknown;
  };
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

/**
 * The Deals stage reads four fields of deal-sale-started (tolerant reader: the rest — BookingId,
 * Version, Status, StartedByUserId — is ignored): DealId, PropertyObjectId, TenantId, SoldAt.
 */
export function readDealSaleStarted(payload: unknown): Validated<DealFact> {
  if (typeof payload !== "object" || payload === null)
    return { ok: false, reason: "payload is not an object" };
  const p = payload as { DealId?: unknown; PropertyObjectId?: unknown; TenantId?: unknown; SoldAt?: unknown };
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

/** How one observed stage reads its event and builds its row (the rest of the path is shared). */
export interface StageSource<F extends StageFact, R extends FunnelStageRow> {
  readonly stage: FunnelStage;
  /** the event type, for logs */
  readonly event: string;
  read(payload: unknown): Validated<F>;
  row(dimension: Dimension, fact: F): R;
  /** the stage's business key (uniqState argument) */
  keyOf(row: R): string;
}

/** A stage's input row, built field by field (one object per row, keys in column order). */
function stageRow<K extends string>(
  d: Dimension,
  eventDate: string,
  key: K,
  id: string,
): FunnelStageRow & Record<K, string> {
  return {
    DeveloperId: d.DeveloperId,
    ProjectId: d.ProjectId,
    BuildingId: d.BuildingId,
    LayoutGroupId: d.LayoutGroupId,
    LayoutId: d.LayoutId,
    PropertyObjectId: d.PropertyObjectId,
    EventDate: eventDate,
    [key]: id,
  } as FunnelStageRow & Record<K, string>;
}

export const BOOKINGS_SOURCE: StageSource<BookingFact, FunnelBookingRow> = {
  stage: "Bookings",
  event: "booking-created",
  read: readBookingCreated,
  row: (d, f) => stageRow(d, f.eventDate, "BookingId", f.bookingId),
  keyOf: (r) => r.BookingId,
};

export const DEALS_SOURCE: StageSource<DealFact, FunnelDealRow> = {
  stage: "Deals",
  event: "deal-sale-started",
  read: readDealSaleStarted,
  row: (d, f) => stageRow(d, f.eventDate, "DealId", f.dealId),
  keyOf: (r) => r.DealId,
};

export type Enrichment<R extends FunnelStageRow = FunnelBookingRow> =
  | { kind: "row"; row: R }
  | { kind: "late-dimension" }
  | { kind: "tenant-mismatch"; dimensionDeveloperId: string };

/** Step 3–4 of any stage: enrich by the latest path; the tenant guard is fail-closed. */
export function enrichStage<F extends StageFact, R extends FunnelStageRow>(
  source: StageSource<F, R>,
  fact: F,
  dimension: Dimension | undefined,
): Enrichment<R> {
  if (!dimension) return { kind: "late-dimension" };
  if (dimension.DeveloperId !== fact.tenantId) {
    return { kind: "tenant-mismatch", dimensionDeveloperId: dimension.DeveloperId };
  }
  return { kind: "row", row: source.row(dimension, fact) };
}

/** Step 3–4 for a booking (the Bookings stage). */
export const enrich = (fact: BookingFact, dimension: Dimension | undefined): Enrichment =>
  enrichStage(BOOKINGS_SOURCE, fact, dimension);

export interface BatchItem {
  readonly messageId: string;
  readonly payload: unknown;
}

export type ItemOutcome =
  | { kind: "applied" }
  | { kind: "duplicate-in-batch" }
  | { kind: "invalid"; reason: string }
  | { kind: "tenant-mismatch"; propertyObjectId: string }
  | { kind: "late-dimension"; propertyObjectId: string };

/** The common outcomes carry no data: one shared value each (a batch has thousands of them). */
const APPLIED: ItemOutcome = Object.freeze({ kind: "applied" });
const DUPLICATE_IN_BATCH: ItemOutcome = Object.freeze({ kind: "duplicate-in-batch" });

export interface BatchPlan<R extends FunnelStageRow = FunnelBookingRow> {
  readonly outcomes: ItemOutcome[];
  readonly rows: R[];
}

/** The property objects a batch needs from dim_property_object (valid payloads only). */
export function propertyObjectsOf(facts: readonly Validated<StageFact>[]): string[] {
  const ids = new Set<string>();
  for (const fact of facts) if (fact.ok) ids.add(fact.value.propertyObjectId);
  return [...ids];
}

/** Steps 1–4 for a batch of booking-created events (the Bookings stage). */
export const planBatch = (
  items: readonly BatchItem[],
  facts: readonly Validated<BookingFact>[],
  dimensions: ReadonlyMap<string, Dimension>,
): BatchPlan => planStageBatch(BOOKINGS_SOURCE, items, facts, dimensions);

/**
 * Steps 1–4 for a whole batch of one stage, given the dimensions found: a repeated MessageId in
 * the batch is dropped (the same key twice would be harmless — uniqState — but is not written
 * twice either).
 */
export function planStageBatch<F extends StageFact, R extends FunnelStageRow>(
  source: StageSource<F, R>,
  items: readonly BatchItem[],
  facts: readonly Validated<F>[],
  dimensions: ReadonlyMap<string, Dimension>,
): BatchPlan<R> {
  const seenMessages = new Set<string>();
  // The same key in two messages of a batch (a producer retry) is one row: keyed by the stage's
  // key, no per-row key string to build; another slice for the same key is still written.
  const rowOfKey = new Map<string, R>();
  const outcomes: ItemOutcome[] = new Array(items.length);
  const rows: R[] = [];
  for (let i = 0; i < items.length; i++) {
    const messageId = (items[i] as BatchItem).messageId;
    if (seenMessages.has(messageId)) {
      outcomes[i] = DUPLICATE_IN_BATCH;
      continue;
    }
    seenMessages.add(messageId);
    const fact = facts[i] as Validated<F>;
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
        if (earlier === undefined) {
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

/** ClickHouse DateTime text (UTC, seconds) of an ISO instant. */
export function clickhouseDateTime(iso: string): string | null {
  const ms = Date.parse(iso);
  if (!ISO_INSTANT.test(iso) || !Number.isFinite(ms)) return null;
  const text = new Date(ms).toISOString();
  const year = Number(text.slice(0, 4));
  if (year < 1970 || year > 2105) return null;
  return text.slice(0, 19).replace("T", " ");
}

/**
 * A dim_property_object row from chessboard's property-object-upserted payload. UpdatedAt is not
 * in the spec's table: when a producer leaves it out, `eventTime` (the event's created-at) dates
 * the path (decision 0300).
 */
export function dimensionRowOf(payload: unknown, eventTime?: string): Validated<DimensionRow> {
  if (typeof payload !== "object" || payload === null)
    return { ok: false, reason: "payload is not an object" };
  const p = payload as Record<string, unknown>;
  for (const field of ["Id", "TenantId", "ProjectId", "BuildingId"] as const) {
    if (!isUuid(p[field])) return { ok: false, reason: `${field} is not a UUID` };
  }
  for (const field of ["LayoutGroupId", "LayoutId"] as const) {
    if (p[field] !== null && p[field] !== undefined && !isUuid(p[field])) {
      return { ok: false, reason: `${field} is not a UUID` };
    }
  }
  const at = typeof p.UpdatedAt === "string" ? p.UpdatedAt : (eventTime ?? null);
  const upsertedAt = at === null ? null : clickhouseDateTime(at);
  if (!upsertedAt) return { ok: false, reason: "UpdatedAt is not an ISO-8601 instant" };
  const version = p.Version;
  if (typeof version !== "number" || !Number.isSafeInteger(version) || version < 0) {
    return { ok: false, reason: "Version is not a non-negative integer" };
  }
  const id = (v: unknown) => (typeof v === "string" ? v.toLowerCase() : "");
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
      Version: version,
    },
  };
}

export type StageCounts = Readonly<Record<FunnelStage, number>>;

export interface StageRatio {
  readonly from: FunnelStage;
  readonly to: FunnelStage;
  readonly ratio: number;
}

/**
 * Conversion between consecutive filled stages (count > 0), in funnel order: a stage nobody fills
 * yet (or that is empty in this slice) is stepped over, so Views → Bookings appears when only
 * those two are filled, and Bookings → Deals today. A slice with fewer than two filled stages has
 * no ratio. Counts of one slice are not a cohort: deals of a day may come from earlier bookings,
 * so a day's ratio can exceed 1 (decision 0351).
 */
export function conversionRatios(counts: StageCounts): StageRatio[] {
  const ratios: StageRatio[] = [];
  let from: FunnelStage | null = null;
  for (const stage of FUNNEL_STAGES) {
    if (counts[stage] <= 0) continue;
    if (from !== null) ratios.push({ from, to: stage, ratio: counts[stage] / counts[from] });
    from = stage;
  }
  return ratios;
}
