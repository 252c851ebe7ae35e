/**
 * All 13 facets of catalogFilters in one statement over one match (decision 0480), for a request
 * with q: the search's GIN match (and every condition no facet leaves out) is read once into a
 * materialised set carrying the facet columns and one boolean per facet dimension of the filter
 * ("this row passes that dimension's own condition"); each facet then aggregates that set under the
 * flags of every *other* dimension — the same counts as the per-facet statements of
 * catalog-facets.ts / search-facets.ts (each ignoring its own filter), which re-ran the full-text
 * match and fetched its rows 13 times.
 */
import { Prisma } from "../../../generated/prisma/client.js";
import type { Db } from "../../../platform/db/prisma-client.js";
import type { Bounds, CatalogFiltersView, FacetValue, SearchFacetsView } from "../catalog.read-models.js";
import { FACET_VALUES_MAX, projectWhere } from "./catalog-facets.js";
import { type FacetDimension, type LotFilter, lotPredicateParts } from "./lot-filter.js";
import { ENTITY_FACET_MAX } from "./search-facets.js";
import { tsquery } from "./search-query.js";

/**
 * The facet dimensions whose conditions read only columns of the statement's group key: their flags
 * are computed per group, so they do not multiply the groups the planner expects.
 */
const GROUP_KEY_DIMENSIONS: ReadonlySet<FacetDimension> = new Set<FacetDimension>([
  "region",
  "city",
  "rooms",
  "class",
  "constructionStatus",
  "developer",
  "project",
]);

/** A facet of the statement's output: the dimensions' own, the total, the delivery quarters. */
type Facet = "total" | Exclude<FacetDimension, "delivery"> | "quarter";

interface FacetRow {
  facet: Facet;
  key: string | null;
  label: string | null;
  n: bigint;
  min: string | null;
  max: string | null;
}

/** The facet dimensions the filter sets (each facet leaves its own out). */
function filterDimensions(f: LotFilter): FacetDimension[] {
  return [...new Set(lotPredicateParts(f).flatMap((p) => (p.dimension === null ? [] : [p.dimension])))];
}

/**
 * Whether catalogFilters reads the facets in one statement: with q and at most one facet dimension
 * set. With more, a broad q («квартира», 95 % of the cards) would materialise most of the table
 * while each per-facet statement can start from the other filters' indexes (measured: 1.9 s vs
 * 0.4 s at load 18 for q + city + rooms + price + class + floor).
 */
export function facetsShareOneMatch(f: LotFilter): boolean {
  return Boolean(f.search) && filterDimensions(f).length <= 1;
}

/**
 * Whether the statement may read the facet groups (decision 0534): a plain full-text q (no websearch
 * syntax, no typo path, no correction) and nothing else but Published and facet dimensions of the
 * group key — the filters the groups keep columns for. Whether q's words are all project-level
 * words is decided inside the statement (the lot lexicon), so the answer stays exact.
 */
export function facetGroupsApply(f: LotFilter): boolean {
  const s = f.search;
  if (!s?.plain || s.typoTolerant || s.corrected) return false;
  return (
    lotPredicateParts(f).filter((p) => p.dimension === null).length === 2 &&
    filterDimensions(f).every((d) => GROUP_KEY_DIMENSIONS.has(d))
  );
}

/** A facet group's columns, in the order the live grouping produces them. */
const GROUP_COLUMNS = Prisma.raw(
  `region_id, region_name, city_id, city_name, rooms_count, property_class, construction_status,
        developer_id, developer_name, project_id, project_name, quarter, n, price_min, price_max,
        area_total_min, area_total_max, price_per_meter_min, price_per_meter_max, floor_min, floor_max`,
);

/** How the statement reads; `facetGroups: false` keeps it on the lots (the benchmark's baseline). */
export interface SharedFacetsOptions {
  readonly facetGroups?: boolean;
}

/** The statement (exported for the plan test and the benchmark). */
export function sharedFacetsSql(f: LotFilter, options: SharedFacetsOptions = {}): Prisma.Sql {
  const parts = lotPredicateParts(f);
  const base = parts.filter((p) => p.dimension === null).map((p) => p.sql);
  const dimensions = filterDimensions(f);
  const groups = options.facetGroups !== false && facetGroupsApply(f);
  // ok_<i>: the row passes dimension i's own conditions. A dimension on a column of the group key is
  // flagged on the group (it is a function of the key); the others are flags of each row, grouped on.
  const flag = (d: FacetDimension, i: number) => {
    const own = parts.filter((p) => p.dimension === d).map((p) => p.sql);
    return Prisma.sql`, (${Prisma.join(own, " AND ")}) AS ${Prisma.raw(`ok_${i}`)}`;
  };
  const rowFlags = dimensions.flatMap((d, i) => (GROUP_KEY_DIMENSIONS.has(d) ? [] : [flag(d, i)]));
  const keyFlags = dimensions.flatMap((d, i) => (GROUP_KEY_DIMENSIONS.has(d) ? [flag(d, i)] : []));
  // grouped on by their output names (ok_<i> is no column of the cards; a flag's parameters would make
  // the expression itself differ from the select list's)
  const groupedFlags = Prisma.raw(
    dimensions.flatMap((d, i) => (GROUP_KEY_DIMENSIONS.has(d) ? [] : [`, ok_${i}`])).join(""),
  );
  // A row failing two dimensions' conditions counts in no facet: m keeps only the others.
  const failedAtMostOne =
    dimensions.length > 1
      ? Prisma.sql` AND (${Prisma.join(
          dimensions.map((d) => {
            const own = parts.filter((p) => p.dimension === d).map((p) => p.sql);
            return Prisma.sql`(NOT coalesce(${Prisma.join(own, " AND ")}, false))::int`;
          }),
          " + ",
        )}) <= 1`
      : Prisma.empty;
  const others = (without: FacetDimension | null): Prisma.Sql => {
    const kept = dimensions.flatMap((d, i) => (d === without ? [] : [Prisma.raw(`ok_${i}`)]));
    return kept.length ? Prisma.join(kept, " AND ") : Prisma.sql`TRUE`;
  };
  const geo = (dimension: "region" | "city") => {
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
  const bounds = (facet: Facet, column: string, without: FacetDimension) => Prisma.sql`
    SELECT ${facet}::text, NULL::text, NULL::text, coalesce(sum(n), 0)::bigint, min(${Prisma.raw(`${column}_min`)})::text,
      max(${Prisma.raw(`${column}_max`)})::text, 0::bigint FROM m WHERE ${others(without)}`;
  const grouped = (facet: Facet, column: string, without: FacetDimension) => Prisma.sql`
    SELECT ${facet}::text, ${Prisma.raw(column)}::text, NULL::text, sum(n)::bigint, NULL::text, NULL::text,
      row_number() OVER (ORDER BY ${Prisma.raw(column)})
    FROM m WHERE ${others(without)} AND ${Prisma.raw(column)} IS NOT NULL GROUP BY ${Prisma.raw(column)}`;
  const entity = (facet: Facet, id: string, name: string, without: FacetDimension) => Prisma.sql`
    (SELECT ${facet}::text, ${Prisma.raw(id)}::text, min(${Prisma.raw(name)}), sum(n)::bigint, NULL::text, NULL::text,
       row_number() OVER (ORDER BY sum(n) DESC, ${Prisma.raw(id)}::text)
     FROM m WHERE ${others(without)} GROUP BY ${Prisma.raw(id)}
     ORDER BY sum(n) DESC, ${Prisma.raw(id)}::text LIMIT ${ENTITY_FACET_MAX})`;
  const liveGroups = (from: Prisma.Sql, where: Prisma.Sql) => Prisma.sql`
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
  // Decision 0534: when no lexeme of q is a lot word, the groups of the clean projects whose project
  // part matches, and each dirty project's lots live (by its project index, one project at a time);
  // else every matching lot, as before. One statement: one snapshot of groups, marks and cards.
  const matched = groups
    ? Prisma.sql`
      SELECT ${GROUP_COLUMNS} FROM catalog.lot_facet_groups
      WHERE NOT (SELECT hit FROM lexicon) AND project_document @@ ${searchTsquery(f)}${failedAtMostOne}
        AND project_id NOT IN (SELECT project_id FROM catalog.lot_facet_dirty)
      UNION ALL
      SELECT live.* FROM catalog.lot_facet_dirty d, LATERAL (${liveGroups(cards, Prisma.sql` AND project_id = d.project_id`)}) live
      WHERE NOT (SELECT hit FROM lexicon)
      UNION ALL ${liveGroups(cards, Prisma.sql` AND (SELECT hit FROM lexicon)`)}`
    : liveGroups(cards, Prisma.empty);
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

/** q's tsquery (the statement is built only for a filter with q). */
function searchTsquery(f: LotFilter): Prisma.Sql {
  if (!f.search) throw new Error("the shared facet statement needs q");
  return tsquery(f.search);
}

/**
 * `lexicon.hit`: one of q's lexemes is a word some lot has in its own part of the document (title,
 * type, room words, building); then every matching lot is read, as before. Otherwise a lot matches
 * q exactly when its project part does (decision 0534). The lexemes are read from q's own tsquery
 * text ('lexeme' items, a quote doubled), so they are the ones the match uses.
 */
function lexiconCte(f: LotFilter): Prisma.Sql {
  return Prisma.sql`lexicon AS (
      SELECT EXISTS (
        SELECT 1 FROM catalog.search_lot_lexemes x
        WHERE x.lexeme = ANY (ARRAY(
          SELECT replace(l[1], '''''', '''')
          FROM regexp_matches(${searchTsquery(f)}::text, '''((?:[^'']|'''')*)''', 'g') AS l))
      ) AS hit), `;
}

export async function readSharedFacets(
  db: Db,
  f: LotFilter,
  options: SharedFacetsOptions = {},
): Promise<CatalogFiltersView & SearchFacetsView> {
  const rows = await db.$queryRaw<FacetRow[]>(sharedFacetsSql(f, options));
  const of = (facet: Facet) => rows.filter((r) => r.facet === facet);
  const numeric = (facet: Facet): Array<FacetValue<number>> =>
    of(facet).flatMap((r) =>
      r.key === null ? [] : [{ value: Number(r.key), label: r.label, count: Number(r.n) }],
    );
  const text = (facet: Facet): Array<FacetValue<string>> =>
    of(facet).flatMap((r) => (r.key === null ? [] : [{ value: r.key, label: r.label, count: Number(r.n) }]));
  const bounds = (facet: Facet): Bounds => {
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
    floors: bounds("floor"),
  };
}
