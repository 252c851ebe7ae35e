/**
 * The booking funnel, pure: payload validation, EventDate, enrichment decision with the tenant
 * guard, the partial funnel_daily row, the batch plan, the dimension row, and the ratios.
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

export type Enrichment =
  | { kind: "row"; row: FunnelBookingRow }
  | { kind: "late-dimension" }
  | { kind: "tenant-mismatch"; dimensionDeveloperId: string };

/** Step 3–4: enrich by the latest path; the tenant guard is fail-closed. */
export function enrich(fact: BookingFact, dimension: Dimension | undefined): Enrichment {
  if (!dimension) return { kind: "late-dimension" };
  if (dimension.DeveloperId !== fact.tenantId) {
    return { kind: "tenant-mismatch", dimensionDeveloperId: dimension.DeveloperId };
  }
  return {
    kind: "row",
    row: {
      DeveloperId: dimension.DeveloperId,
      ProjectId: dimension.ProjectId,
      BuildingId: dimension.BuildingId,
      LayoutGroupId: dimension.LayoutGroupId,
      LayoutId: dimension.LayoutId,
      PropertyObjectId: dimension.PropertyObjectId,
      EventDate: fact.eventDate,
      BookingId: fact.bookingId,
    },
  };
}

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

export interface BatchPlan {
  readonly outcomes: ItemOutcome[];
  readonly rows: FunnelBookingRow[];
}

/** The property objects a batch needs from dim_property_object (valid payloads only). */
export function propertyObjectsOf(facts: readonly Validated<BookingFact>[]): string[] {
  const ids = new Set<string>();
  for (const fact of facts) if (fact.ok) ids.add(fact.value.propertyObjectId);
  return [...ids];
}

/**
 * Steps 1–4 for a whole batch, given the dimensions found: a repeated MessageId in the batch is
 * dropped (the same booking twice would be harmless — uniqState — but is not written twice either).
 */
export function planBatch(
  items: readonly BatchItem[],
  facts: readonly Validated<BookingFact>[],
  dimensions: ReadonlyMap<string, Dimension>,
): BatchPlan {
  const seenMessages = new Set<string>();
  // The same booking in two messages of a batch (a producer retry) is one row: keyed by BookingId,
  // no per-row key string to build; another slice for the same booking id is still written.
  const rowOfBooking = new Map<string, FunnelBookingRow>();
  const outcomes: ItemOutcome[] = new Array(items.length);
  const rows: FunnelBookingRow[] = [];
  for (let i = 0; i < items.length; i++) {
    const messageId = (items[i] as BatchItem).messageId;
    if (seenMessages.has(messageId)) {
      outcomes[i] = DUPLICATE_IN_BATCH;
      continue;
    }
    seenMessages.add(messageId);
    const fact = facts[i] as Validated<BookingFact>;
    if (!fact.ok) {
      outcomes[i] = { kind: "invalid", reason: fact.reason };
      continue;
    }
    const result = enrich(fact.value, dimensions.get(fact.value.propertyObjectId));
    switch (result.kind) {
      case "late-dimension":
        outcomes[i] = { kind: "late-dimension", propertyObjectId: fact.value.propertyObjectId };
        break;
      case "tenant-mismatch":
        outcomes[i] = { kind: "tenant-mismatch", propertyObjectId: fact.value.propertyObjectId };
        break;
      case "row": {
        const row = result.row;
        const earlier = rowOfBooking.get(row.BookingId);
        if (earlier === undefined) {
          rowOfBooking.set(row.BookingId, row);
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

/** Conversion between adjacent stages where both are present (> 0); others are left out. */
export function conversionRatios(counts: StageCounts): StageRatio[] {
  const ratios: StageRatio[] = [];
  for (let i = 0; i + 1 < FUNNEL_STAGES.length; i++) {
    const from = FUNNEL_STAGES[i]!;
    const to = FUNNEL_STAGES[i + 1]!;
    if (counts[from] > 0 && counts[to] > 0) ratios.push({ from, to, ratio: counts[to] / counts[from] });
  }
  return ratios;
}
