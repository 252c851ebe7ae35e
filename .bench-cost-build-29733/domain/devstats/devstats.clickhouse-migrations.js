import { FUNNEL_STAGES } from "./funnel.js";
const DEVSTATS_DATABASE = "pin_dev_stats";
const FUNNEL_KEY = "DeveloperId, ProjectId, BuildingId, LayoutGroupId, LayoutId, PropertyObjectId, EventDate";
function stageInputStatements(db, name, stage, key) {
  return [
    `CREATE TABLE IF NOT EXISTS ${db}.${name}_in (
        DeveloperId String, ProjectId String, BuildingId String, LayoutGroupId String, LayoutId String,
        PropertyObjectId String, EventDate Date, ${key} String
      ) ENGINE = Null`,
    `CREATE MATERIALIZED VIEW IF NOT EXISTS ${db}.${name}_mv TO ${db}.funnel_daily AS
        SELECT ${FUNNEL_KEY},
          ${FUNNEL_STAGES.map((s) => s === stage ? `uniqState(${key}) AS ${s}` : `uniqStateIf(${key}, 0) AS ${s}`).join(", ")}
        FROM ${db}.${name}_in GROUP BY ${FUNNEL_KEY}`
  ];
}
const DEVSTATS_CLICKHOUSE_MIGRATIONS = [
  {
    version: 1,
    name: "dim_property_object",
    // Read with argMax(…, (UpsertedAt, Version)) GROUP BY PropertyObjectId, never FINAL;
    // ReplacingMergeTree only trims old versions in the background.
    statements: (db) => [
      `CREATE TABLE IF NOT EXISTS ${db}.dim_property_object (
        DeveloperId String, ProjectId String, BuildingId String, LayoutGroupId String, LayoutId String,
        PropertyObjectId String, UpsertedAt DateTime('UTC'), Version UInt64
      ) ENGINE = ReplacingMergeTree(Version) ORDER BY PropertyObjectId`
    ]
  },
  {
    version: 2,
    name: "funnel_daily",
    statements: (db) => [
      `CREATE TABLE IF NOT EXISTS ${db}.funnel_daily (
        DeveloperId String, ProjectId String, BuildingId String, LayoutGroupId String, LayoutId String,
        PropertyObjectId String, EventDate Date,
        ${FUNNEL_STAGES.map((s) => `${s} AggregateFunction(uniq, String)`).join(", ")}
      ) ENGINE = AggregatingMergeTree() PARTITION BY toYYYYMM(EventDate) ORDER BY (${FUNNEL_KEY})`
    ]
  },
  {
    version: 3,
    name: "funnel_bookings_in",
    // Plain rows go in (TabSeparated, no parameters needed); the view turns each insert block into
    // partial funnel_daily rows: Bookings = uniqState(BookingId), every other stage an empty state
    // (18.16 refuses a view that leaves a target column out).
    statements: (db) => stageInputStatements(db, "funnel_bookings", "Bookings", "BookingId")
  },
  {
    version: 4,
    name: "funnel_deals_in",
    // The Deals stage (crm's deal-sale-started), the same shape as the Bookings input: its own
    // Null table and view, Deals = uniqState(DealId), every other stage empty (decision 0350).
    statements: (db) => stageInputStatements(db, "funnel_deals", "Deals", "DealId")
  }
];
export {
  DEVSTATS_CLICKHOUSE_MIGRATIONS,
  DEVSTATS_DATABASE
};
//# sourceMappingURL=devstats.clickhouse-migrations.js.map
