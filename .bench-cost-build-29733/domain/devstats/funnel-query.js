import { isPlatformStaff } from "../../platform/auth/viewer.js";
import { isIsoDate, isUuid, sqlDate, sqlIdentifier, sqlUuid } from "../../platform/clickhouse/sql-literal.js";
import { devstatsErrors } from "./devstats.errors.js";
import { FUNNEL_STAGES } from "./funnel.js";
const MAX_RANGE_DAYS = 731;
function funnelDeveloperOf(viewer, requested) {
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
function validateFunnelFilter(input, developerId) {
  const optionalId = (name, value) => {
    if (value === null || value === void 0) return null;
    if (!isUuid(value)) throw devstatsErrors.filterInvalid(`${name} is not a UUID`);
    return value.toLowerCase();
  };
  if (!isIsoDate(input.from) || !isIsoDate(input.to)) {
    throw devstatsErrors.filterInvalid("from/to must be dates YYYY-MM-DD");
  }
  const days = (Date.parse(input.to) - Date.parse(input.from)) / 864e5 + 1;
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
    groupBy: input.groupBy
  };
}
function funnelSql(database, filter) {
  const where = [
    `DeveloperId = ${sqlUuid(filter.developerId)}`,
    `EventDate >= ${sqlDate(filter.from)}`,
    `EventDate <= ${sqlDate(filter.to)}`
  ];
  const optional = [
    ["ProjectId", filter.projectId],
    ["BuildingId", filter.buildingId],
    ["LayoutGroupId", filter.layoutGroupId],
    ["LayoutId", filter.layoutId],
    ["PropertyObjectId", filter.propertyObjectId]
  ];
  for (const [column, value] of optional) if (value) where.push(`${column} = ${sqlUuid(value)}`);
  const stages = FUNNEL_STAGES.map((s) => `toUInt64(uniqMerge(${s})) AS ${s}`).join(", ");
  const table = `${sqlIdentifier(database)}.funnel_daily`;
  if (filter.groupBy === "DAY") {
    return `SELECT toString(EventDate) AS Day, ${stages} FROM ${table} WHERE ${where.join(" AND ")} GROUP BY EventDate ORDER BY EventDate`;
  }
  return `SELECT ${stages} FROM ${table} WHERE ${where.join(" AND ")}`;
}
export {
  MAX_RANGE_DAYS,
  funnelDeveloperOf,
  funnelSql,
  validateFunnelFilter
};
//# sourceMappingURL=funnel-query.js.map
