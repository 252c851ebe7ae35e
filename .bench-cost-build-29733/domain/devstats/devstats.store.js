import { sqlIdentifier, sqlUuidList } from "../../platform/clickhouse/sql-literal.js";
import {
  FUNNEL_STAGES
} from "./funnel.js";
import { funnelSql } from "./funnel-query.js";
const LOOKUP_CHUNK = 1e3;
function createDevStatsStore(ch, database) {
  const db = sqlIdentifier(database);
  const toCounts = (row) => Object.fromEntries(FUNNEL_STAGES.map((s) => [s, Number(row[s] ?? 0)]));
  return {
    database: db,
    engine: ch.engine,
    insertDimensions: (rows) => ch.insert(`${db}.dim_property_object`, rows),
    /** The latest path of each object (argMax by the source event's time, then version). */
    async findDimensions(ids) {
      const found = /* @__PURE__ */ new Map();
      for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) {
        const chunk = ids.slice(i, i + LOOKUP_CHUNK);
        const rows = await ch.query(
          `SELECT PropertyObjectId,
             argMax(DeveloperId, (UpsertedAt, Version)) AS DeveloperId,
             argMax(ProjectId, (UpsertedAt, Version)) AS ProjectId,
             argMax(BuildingId, (UpsertedAt, Version)) AS BuildingId,
             argMax(LayoutGroupId, (UpsertedAt, Version)) AS LayoutGroupId,
             argMax(LayoutId, (UpsertedAt, Version)) AS LayoutId
           FROM ${db}.dim_property_object WHERE PropertyObjectId IN ${sqlUuidList(chunk)}
           GROUP BY PropertyObjectId`
        );
        for (const row of rows) found.set(row.PropertyObjectId, row);
      }
      return found;
    },
    /** One insert (one block): partial funnel_daily rows through the Bookings view. */
    insertBookings: (rows) => ch.insert(`${db}.funnel_bookings_in`, rows),
    /** One insert (one block): partial funnel_daily rows through the Deals view. */
    insertDeals: (rows) => ch.insert(`${db}.funnel_deals_in`, rows),
    /** Totals are distinct over the whole range (not a sum of days); DAY adds the per-day rows. */
    async readFunnel(filter) {
      const totals = await ch.query(funnelSql(db, { ...filter, groupBy: "TOTAL" }));
      const total = toCounts(totals[0] ?? {});
      if (filter.groupBy === "TOTAL") return { total, days: [] };
      const rows = await ch.query(funnelSql(db, filter));
      return { total, days: rows.map((r) => ({ Day: String(r.Day), ...toCounts(r) })) };
    }
  };
}
export {
  createDevStatsStore
};
//# sourceMappingURL=devstats.store.js.map
