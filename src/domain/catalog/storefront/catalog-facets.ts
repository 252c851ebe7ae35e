import { Prisma } from "../../../generated/prisma/client.js";
import type { Db } from "../../../platform/db/prisma-client.js";
import type { Bounds, CatalogFiltersView, FacetValue } from "../catalog.read-models.js";
import { type FacetDimension, type LotFilter, lotPredicate } from "./lot-filter.js";

/** Regions/cities a storefront lists; more than this is a data problem, not a filter. */
export const FACET_VALUES_MAX = 500;

interface KeyCount {
  key: number | null;
  label: string | null;
  n: bigint;
}

const where = (f: LotFilter, without: FacetDimension | null) => lotPredicate(f, without);

function values(rows: KeyCount[]): Array<FacetValue<number>> {
  return rows
    .filter((r) => r.key !== null)
    .map((r) => ({ value: r.key as number, label: r.label, count: Number(r.n) }));
}

/**
 * The card-level part of the filter over catalog.project_cards (Published first): what a project
 * card can be judged on — its id, developer, kind and the other geo dimension. Lot-level filters
 * (rooms, price, area, delivery, type) only shape the counts.
 */
export function projectWhere(f: LotFilter, without: "region" | "city"): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`status = 'Published'`];
  if (f.regionIds?.length && without !== "region")
    parts.push(Prisma.sql`region_id = ANY(${f.regionIds}::int[])`);
  if (f.cityIds?.length && without !== "city") parts.push(Prisma.sql`city_id = ANY(${f.cityIds}::int[])`);
  if (f.projectIds?.length) parts.push(Prisma.sql`id = ANY(${f.projectIds}::uuid[])`);
  if (f.developerIds?.length) parts.push(Prisma.sql`developer_id = ANY(${f.developerIds}::uuid[])`);
  if (f.kinds?.length) parts.push(Prisma.sql`kind = ANY(${f.kinds}::text[])`);
  return Prisma.join(parts, " AND ");
}

/**
 * Regions or cities (decision 0311): the distinct values over the published cards — project cards
 * as well as lots, so a published project lists its region and city before its first lot arrives —
 * each labelled with the name on its most recently synced published project card (a renamed region
 * is one entry with the new name while chessboard re-publishes its projects one by one) and counted
 * in Published lots under every other filter (0 for a project without matching lots).
 */
function geoFacet(db: Db, f: LotFilter, dimension: "region" | "city"): Promise<KeyCount[]> {
  const id = Prisma.raw(dimension === "region" ? "region_id" : "city_id");
  const name = Prisma.raw(dimension === "region" ? "region_name" : "city_name");
  return db.$queryRaw<KeyCount[]>`
    WITH lots AS (
      SELECT ${id} AS key, min(${name}) AS label, count(*) AS n
      FROM catalog.property_object_cards WHERE ${where(f, dimension)} AND ${id} IS NOT NULL
      GROUP BY ${id}),
    projects AS (
      SELECT DISTINCT ON (${id}) ${id} AS key, ${name} AS label
      FROM catalog.project_cards WHERE ${projectWhere(f, dimension)} AND ${id} IS NOT NULL
      ORDER BY ${id}, chessboard_synced_at DESC, id)
    SELECT coalesce(p.key, l.key) AS key, coalesce(p.label, l.label) AS label, coalesce(l.n, 0) AS n
    FROM projects p FULL JOIN lots l ON l.key = p.key
    ORDER BY label NULLS LAST, key LIMIT ${FACET_VALUES_MAX}`;
}

/**
 * The storefront's facets (decisions 0093, 0311): for each dimension the distinct values of what is
 * published with their counts of Published lots under every *other* filter of the request, so a
 * chosen value never hides its alternatives; `total` is the count under the whole filter. Regions
 * and cities come from the published cards (projects and lots); rooms and the bounds from the lots.
 * Small aggregates over the partial indexes, run concurrently.
 */
export async function readCatalogFilters(db: Db, f: LotFilter): Promise<CatalogFiltersView> {
  const [total, regions, cities, rooms, price, area] = await Promise.all([
    db.$queryRaw<Array<{ n: bigint }>>`
      SELECT count(*) AS n FROM catalog.property_object_cards WHERE ${where(f, null)}`,
    geoFacet(db, f, "region"),
    geoFacet(db, f, "city"),
    db.$queryRaw<KeyCount[]>`
      SELECT rooms_count AS key, NULL::text AS label, count(*) AS n
      FROM catalog.property_object_cards WHERE ${where(f, "rooms")}
      GROUP BY rooms_count ORDER BY key`,
    bounds(db, Prisma.raw("price"), where(f, "price")),
    bounds(db, Prisma.raw("area_total"), where(f, "area")),
  ]);
  return {
    total: Number(total[0]?.n ?? 0),
    regions: values(regions),
    cities: values(cities),
    rooms: values(rooms).map((r) => ({ ...r, label: null })),
    price,
    area,
  };
}

async function bounds(db: Db, column: Prisma.Sql, predicate: Prisma.Sql): Promise<Bounds> {
  const [row] = await db.$queryRaw<Array<{ min: string | null; max: string | null; n: bigint }>>`
    SELECT min(${column})::text AS min, max(${column})::text AS max, count(*) AS n
    FROM catalog.property_object_cards WHERE ${predicate}`;
  return { min: row?.min ?? null, max: row?.max ?? null, count: Number(row?.n ?? 0) };
}
