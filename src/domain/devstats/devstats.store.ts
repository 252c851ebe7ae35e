import type { ClickHouse } from "../../platform/clickhouse/clickhouse.js";
import { sqlIdentifier, sqlUuidList } from "../../platform/clickhouse/sql-literal.js";
import {
  type Dimension,
  type DimensionRow,
  FUNNEL_STAGES,
  type FunnelBookingRow,
  type FunnelDealRow,
  type StageCounts,
} from "./funnel.js";
import { type FunnelFilter, funnelSql } from "./funnel-query.js";

/** Largest IN list of one dimension lookup. */
const LOOKUP_CHUNK = 1_000;

export interface FunnelDay extends StageCounts {
  readonly Day: string;
}

/** dev-stats' ClickHouse statements, the same on both engines. */
export function createDevStatsStore(ch: ClickHouse, database: string) {
  const db = sqlIdentifier(database);
  const toCounts = (row: Record<string, unknown>): StageCounts =>
    Object.fromEntries(FUNNEL_STAGES.map((s) => [s, Number(row[s] ?? 0)])) as unknown as StageCounts;

  return {
    database: db,
    engine: ch.engine,

    insertDimensions: (rows: readonly DimensionRow[]) =>
      ch.insert(`${db}.dim_property_object`, rows as unknown as Array<Record<string, unknown>>),

    /** The latest path of each object (argMax by the source event's time, then version). */
    async findDimensions(ids: readonly string[]): Promise<Map<string, Dimension>> {
      const found = new Map<string, Dimension>();
      for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) {
        const chunk = ids.slice(i, i + LOOKUP_CHUNK);
        const rows = await ch.query<Dimension>(
          `SELECT PropertyObjectId,
             argMax(DeveloperId, (UpsertedAt, Version)) AS DeveloperId,
             argMax(ProjectId, (UpsertedAt, Version)) AS ProjectId,
             argMax(BuildingId, (UpsertedAt, Version)) AS BuildingId,
             argMax(LayoutGroupId, (UpsertedAt, Version)) AS LayoutGroupId,
             argMax(LayoutId, (UpsertedAt, Version)) AS LayoutId
           FROM ${db}.dim_property_object WHERE PropertyObjectId IN ${sqlUuidList(chunk)}
           GROUP BY PropertyObjectId`,
        );
        for (const row of rows) found.set(row.PropertyObjectId, row);
      }
      return found;
    },

    /** One insert (one block): partial funnel_daily rows through the Bookings view. */
    insertBookings: (rows: readonly FunnelBookingRow[]) =>
      ch.insert(`${db}.funnel_bookings_in`, rows as unknown as Array<Record<string, unknown>>),

    /** One insert (one block): partial funnel_daily rows through the Deals view. */
    insertDeals: (rows: readonly FunnelDealRow[]) =>
      ch.insert(`${db}.funnel_deals_in`, rows as unknown as Array<Record<string, unknown>>),

    /** Totals are distinct over the whole range (not a sum of days); DAY adds the per-day rows. */
    async readFunnel(filter: FunnelFilter): Promise<{ total: StageCounts; days: FunnelDay[] }> {
      const totals = await ch.query<Record<string, unknown>>(funnelSql(db, { ...filter, groupBy: "TOTAL" }));
      const total = toCounts(totals[0] ?? {});
      if (filter.groupBy === "TOTAL") return { total, days: [] };
      const rows = await ch.query<Record<string, unknown>>(funnelSql(db, filter));
      return { total, days: rows.map((r) => ({ Day: String(r.Day), ...toCounts(r) })) };
    },
  };
}

export type DevStatsStore = ReturnType<typeof createDevStatsStore>;
