/**
 * The read side, pure: who may read which developer's funnel, the filter's validation, and the
 * statement (uniqMerge over funnel_daily, never FINAL: partial states of unmerged parts are
 * merged by the aggregation itself).
 */
import { isPlatformStaff, type Viewer } from "../../platform/auth/viewer.js";
import { isIsoDate, isUuid, sqlDate, sqlIdentifier, sqlUuid } from "../../platform/clickhouse/sql-literal.js";
import { devstatsErrors } from "./devstats.errors.js";
import { FUNNEL_STAGES } from "./funnel.js";

/** Longest date range one query may cover (days, inclusive). */
export const MAX_RANGE_DAYS = 731;

export interface FunnelFilterInput {
  readonly developerId?: string | null;
  readonly projectId?: string | null;
  readonly buildingId?: string | null;
  readonly layoutGroupId?: string | null;
  readonly layoutId?: string | null;
  readonly propertyObjectId?: string | null;
  readonly from: string;
  readonly to: string;
  readonly groupBy: "DAY" | "TOTAL";
}

export interface FunnelFilter {
  readonly developerId: string;
  readonly projectId: string | null;
  readonly buildingId: string | null;
  readonly layoutGroupId: string | null;
  readonly layoutId: string | null;
  readonly propertyObjectId: string | null;
  readonly from: string;
  readonly to: string;
  readonly groupBy: "DAY" | "TOTAL";
}

/**
 * Developer staff read only their own developer (a different developerId is refused); platform
 * staff name one; everybody else is refused.
 */
export function funnelDeveloperOf(viewer: Viewer | null, requested: string | null | undefined): string {
  if (!viewer) throw devstatsErrors.forbidden();
  if (isPlatformStaff(viewer)) {
    if (!requested) throw devstatsErrors.developerRequired();
    if (!isUuid(requested)) throw devstatsErrors.filterInvalid("developerId is not a UUID");
    return requested.toLowerCase();
  }
  if (viewer.roles.includes("developer_manager") && viewer.tenantId) {
    const own = viewer.tenantId.toLowerCase();
    if (requested && requested.toLowerCase() !== own) throw devstatsErrors.forbidden();
    return own;
  }
  throw devstatsErrors.forbidden();
}

export function validateFunnelFilter(input: FunnelFilterInput, developerId: string): FunnelFilter {
  const optionalId = (name: string, value: string | null | undefined): string | null => {
    if (value === null || value === undefined) return null;
    if (!isUuid(value)) throw devstatsErrors.filterInvalid(`${name} is not a UUID`);
    return value.toLowerCase();
  };
  if (!isIsoDate(input.from) || !isIsoDate(input.to)) {
    throw devstatsErrors.filterInvalid("from/to must be dates YYYY-MM-DD");
  }
  const days = (Date.parse(input.to) - Date.parse(input.from)) / 86_400_000 + 1;
  if (days < 1) throw devstatsErrors.filterInvalid("from is after to");
  if (days > MAX_RANGE_DAYS) throw devstatsErrors.filterInvalid(`the range exceeds ${MAX_RANGE_DAYS} days`);
  return {
    developerId,
    projectId: optionalId("projectId", input.projectId),
    buildingId: optionalId("buildingId", input.buildingId),
    layoutGroupId: optionalId("layoutGroupId", input.layoutGroupId),
    layoutId: optionalId("layoutId", input.layoutId),
    propertyObjectId: optionalId("propertyObjectId", input.propertyObjectId),
    from: input.from,
    to: input.to,
    groupBy: input.groupBy,
  };
}

/** The statement; every inlined value goes through sql-literal (validated UUIDs and dates). */
export function funnelSql(database: string, filter: FunnelFilter): string {
  const where = [
    `DeveloperId = ${sqlUuid(filter.developerId)}`,
    `EventDate >= ${sqlDate(filter.from)}`,
    `EventDate <= ${sqlDate(filter.to)}`,
  ];
  const optional: Array<[string, string | null]> = [
    ["ProjectId", filter.projectId],
    ["BuildingId", filter.buildingId],
    ["LayoutGroupId", filter.layoutGroupId],
    ["LayoutId", filter.layoutId],
    ["PropertyObjectId", filter.propertyObjectId],
  ];
  for (const [column, value] of optional) if (value) where.push(`${column} = ${sqlUuid(value)}`);
  const stages = FUNNEL_STAGES.map((s) => `toUInt64(uniqMerge(${s})) AS ${s}`).join(", ");
  const table = `${sqlIdentifier(database)}.funnel_daily`;
  if (filter.groupBy === "DAY") {
    return `SELECT toString(EventDate) AS Day, ${stages} FROM ${table} WHERE ${where.join(" AND ")} GROUP BY EventDate ORDER BY EventDate`;
  }
  return `SELECT ${stages} FROM ${table} WHERE ${where.join(" AND ")}`;
}
