import { Prisma } from "../../../generated/prisma/client.js";
import { FACET_VALUES_MAX, projectWhere } from "./catalog-facets.js";
import { lotPredicateParts } from "./lot-filter.js";
import { ENTITY_FACET_MAX } from "./search-facets.js";
import { tsquery } from "./search-query.js";
const GROUP_KEY_DIMENSIONS = /* @__PURE__ */ new Set([
  "region",
  "city",
  "rooms",
  "class",
  "constructionStatus",
  "developer",
  "project"
]);
function filterDimensions(f) {
  return [...new Set(lotPredicateParts(f).flatMap((p) => p.dimension === null ? [] : [p.dimension]))];
}
function facetsShareOneMatch(f) {
  return Boolean(f.search) && filterDimensions(f).length <= 1;
}
function facetGroupsApply(f) {
  const s = f.search;
  if (!s?.plain || s.typoTolerant || s.corrected) return false;
  return lotPredicateParts(f).filter((p) => p.dimension === null).length === 2 && filterDimensions(f).every((d) => GROUP_KEY_DIMENSIONS.has(d));
}
const GROUP_COLUMNS = Prisma.raw(
  `region_id, region_name, city_id, city_name, rooms_count, property_class, construction_status,
        developer_id, developer_name, project_id, project_name, quarter, n, price_min, price_max,
        area_total_min, area_total_max, price_per_meter_min, price_per_meter_max, floor_min, floor_max`
);
function sharedFacetsSql(f, options = {}) {
  const parts = lotPredicateParts(f);
  const base = parts.filter((p) => p.dimension === null).map((p) => p.sql);
  const dimensions = filterDimensions(f);
  const groups = options.facetGroups !== false && facetGroupsApply(f);
  const flag = (d, i) => {
    const own = parts.filter((p) => p.dimension === d).map((p) => p.sql);
    return Prisma.sql`, (${Prisma.join(own, " AND ")}) AS ${Prisma.raw(`ok_${i}`)}`;
  };
  const rowFlags = dimensions.flatMap((d, i) => GROUP_KEY_DIMENSIONS.has(d) ? [] : [flag(d, i)]);
  const keyFlags = dimensions.flatMap((d, i) => GROUP_KEY_DIMENSIONS.has(d) ? [flag(d, i)] : []);
  const groupedFlags = Prisma.raw(
    dimensions.flatMap((d, i) => GROUP_KEY_DIMENSIONS.has(d) ? [] : [`, ok_${i}`]).join("")
  );
  const failedAtMostOne = dimensions.length > 1 ? Prisma.sql` AND (${Prisma.join(
    dimensions.map((d) => {
      const own = parts.filter((p) => p.dimension === d).map((p) => p.sql);
      return Prisma.sql`(NOT coalesce(${Prisma.join(own, " AND ")}, false))::int`;
    }),
    " + "
  )}) <= 1` : Prisma.empty;
  const others = (without) => {
    const kept = dimensions.flatMap((d, i) => d === without ? [] : [Prisma.raw(`ok_${i}`)]);
    return kept.length ? Prisma.join(kept, " AND ") : Prisma.sql`TRUE`;
  };
  const geo = (dimension) => {
    const id = Prisma.raw(dimension === "region" ? "region_id" : "city_id");
    const name = Prisma.raw(dimension === "region" ? "region_name" : "city_name");
    return Prisma.sql`
      SELECT coalesce(p.key, l.key) AS key, coalesce(p.label, l.label) AS label, coalesce(l.n, 0) AS n
      FROM (SELECT DISTINCT ON (${id}) ${id} AS key, ${name} AS label
            FROM catalog.project_cards WHERE ${projectWhere(f, dimension)} AND ${id} IS NOT NULL
            ORDER BY ${id}, chessboard_synced_at DESC, id) p
      FULL JOIN (SELECT ${id} AS key, min(${name}) AS label, sum(n)::bigint AS n
                 FROM m WHERE ${others(dimension)} AND ${id} IS NOT NULL GROUP BY ${id}) l ON l.key = p.key
      ORDER BY coalesce(p.label, l.label) NULLS LAST, coalesce(p.key, l.key) LIMIT ${FACET_VALUES_MAX}`;
  };
  const bounds = (facet, column, without) => Prisma.sql`
    SELECT ${facet}::text, NULL::text, NULL::text, coalesce(sum(n), 0)::bigint, min(${Prisma.raw(`${column}_min`)})::text,
      max(${Prisma.raw(`${column}_max`)})::text, 0::bigint FROM m WHERE ${others(without)}`;
  const grouped = (facet, column, without) => Prisma.sql`
    SELECT ${facet}::text, ${Prisma.raw(column)}::text, NULL::text, sum(n)::bigint, NULL::text, NULL::text,
      row_number() OVER (ORDER BY ${Prisma.raw(column)})
    FROM m WHERE ${others(without)} AND ${Prisma.raw(column)} IS NOT NULL GROUP BY ${Prisma.raw(column)}`;
  const entity = (facet, id, name, without) => Prisma.sql`
    (SELECT ${facet}::text, ${Prisma.raw(id)}::text, min(${Prisma.raw(name)}), sum(n)::bigint, NULL::text, NULL::text,
       row_number() OVER (ORDER BY sum(n) DESC, ${Prisma.raw(id)}::text)
     FROM m WHERE ${others(without)} GROUP BY ${Prisma.raw(id)}
     ORDER BY sum(n) DESC, ${Prisma.raw(id)}::text LIMIT ${ENTITY_FACET_MAX})`;
  const liveGroups = (from, where) => Prisma.sql`
      SELECT region_id, min(region_name) AS region_name, city_id, min(city_name) AS city_name, rooms_count,
        property_class, construction_status, developer_id, min(developer_name) AS developer_name, project_id,
        min(project_name) AS project_name, date_trunc('quarter', delivery_date::timestamp) AS quarter,
        count(*) AS n, min(price) AS price_min, max(price) AS price_max, min(area_total) AS area_total_min,
        max(area_total) AS area_total_max, min(price_per_meter) AS price_per_meter_min,
        max(price_per_meter) AS price_per_meter_max, min(floor) AS floor_min,
        max(floor) AS floor_max${rowFlags.length ? Prisma.join(rowFlags, "") : Prisma.empty}
      FROM ${from} WHERE ${Prisma.join(base, " AND ")}${failedAtMostOne}${where}
      GROUP BY region_id, city_id, rooms_count, property_class, construction_status, developer_id, project_id,
        date_trunc('quarter', delivery_date::timestamp)${groupedFlags}`;
  const cards = Prisma.sql`catalog.property_object_cards`;
  const matched = groups ? Prisma.sql`
      SELECT ${GROUP_COLUMNS} FROM catalog.lot_facet_groups
      WHERE NOT (SELECT hit FROM lexicon) AND project_document @@ ${searchTsquery(f)}${failedAtMostOne}
        AND project_id NOT IN (SELECT project_id FROM catalog.lot_facet_dirty)
      UNION ALL
      SELECT live.* FROM catalog.lot_facet_dirty d, LATERAL (${liveGroups(cards, Prisma.sql` AND project_id = d.project_id`)}) live
      WHERE NOT (SELECT hit FROM lexicon)
      UNION ALL ${liveGroups(cards, Prisma.sql` AND (SELECT hit FROM lexicon)`)}` : liveGroups(cards, Prisma.empty);
  return Prisma.sql`
    WITH ${groups ? lexiconCte(f) : Prisma.empty}m AS MATERIALIZED (SELECT g.*${keyFlags.length ? Prisma.join(keyFlags, "") : Prisma.empty} FROM (${matched}
    ) g), regions AS (${geo("region")}), cities AS (${geo("city")})
    SELECT facet, key, label, n, min, max FROM (
      SELECT 'total'::text AS facet, NULL::text AS key, NULL::text AS label,
        coalesce(sum(n) FILTER (WHERE ${others(null)}), 0)::bigint AS n,
        NULL::text AS min, NULL::text AS max, 0::bigint AS ord FROM m
      UNION ALL SELECT 'region', key::text, label, n, NULL, NULL, row_number() OVER (ORDER BY label NULLS LAST, key)
        FROM regions
      UNION ALL SELECT 'city', key::text, label, n, NULL, NULL, row_number() OVER (ORDER BY label NULLS LAST, key)
        FROM cities
      UNION ALL ${grouped("rooms", "rooms_count", "rooms")}
      UNION ALL ${bounds("price", "price", "price")}
      UNION ALL ${bounds("area", "area_total", "area")}
      UNION ALL ${grouped("class", "property_class", "class")}
      UNION ALL ${grouped("constructionStatus", "construction_status", "constructionStatus")}
      UNION ALL ${entity("developer", "developer_id", "developer_name", "developer")}
      UNION ALL ${entity("project", "project_id", "project_name", "project")}
      UNION ALL (SELECT 'quarter', to_char(quarter, 'YYYY-"Q"Q'), NULL::text, sum(n)::bigint, NULL::text, NULL::text,
                   row_number() OVER (ORDER BY to_char(quarter, 'YYYY-"Q"Q'))
                 FROM m WHERE ${others("delivery")} AND quarter IS NOT NULL
                 GROUP BY 2 ORDER BY 2 LIMIT ${ENTITY_FACET_MAX})
      UNION ALL ${bounds("pricePerMeter", "price_per_meter", "pricePerMeter")}
      UNION ALL ${bounds("floor", "floor", "floor")}
    ) facets
    ORDER BY facet, ord`;
}
function searchTsquery(f) {
  if (!f.search) throw new Error("the shared facet statement needs q");
  return tsquery(f.search);
}
function lexiconCte(f) {
  return Prisma.sql`lexicon AS (
      SELECT EXISTS (
        SELECT 1 FROM catalog.search_lot_lexemes x
        WHERE x.lexeme = ANY (ARRAY(
          SELECT replace(l[1], '''''', '''')
          FROM regexp_matches(${searchTsquery(f)}::text, '''((?:[^'']|'''')*)''', 'g') AS l))
      ) AS hit), `;
}
async function readSharedFacets(db, f, options = {}) {
  const rows = await db.$queryRaw(sharedFacetsSql(f, options));
  const of = (facet) => rows.filter((r) => r.facet === facet);
  const numeric = (facet) => of(facet).flatMap(
    (r) => r.key === null ? [] : [{ value: Number(r.key), label: r.label, count: Number(r.n) }]
  );
  const text = (facet) => of(facet).flatMap((r) => r.key === null ? [] : [{ value: r.key, label: r.label, count: Number(r.n) }]);
  const bounds = (facet) => {
    const r = of(facet)[0];
    return { min: r?.min ?? null, max: r?.max ?? null, count: Number(r?.n ?? 0) };
  };
  return {
    total: Number(of("total")[0]?.n ?? 0),
    regions: numeric("region"),
    cities: numeric("city"),
    rooms: numeric("rooms").map((r) => ({ ...r, label: null })),
    price: bounds("price"),
    area: bounds("area"),
    propertyClasses: text("class"),
    constructionStatuses: text("constructionStatus"),
    developers: text("developer"),
    projects: text("project"),
    deliveryQuarters: text("quarter"),
    pricePerMeter: bounds("pricePerMeter"),
    floors: bounds("floor")
  };
}
export {
  facetGroupsApply,
  facetsShareOneMatch,
  readSharedFacets,
  sharedFacetsSql
};
//# sourceMappingURL=shared-facets.js.map
