import { Prisma } from "../../../generated/prisma/client.js";
import type { Db } from "../../../platform/db/prisma-client.js";
import type { Bounds, CatalogFiltersView, FacetValue } from "../catalog.read-models.js";
import { type FacetDimension, type LotFilter, lotPredicate } from "./lot-filter.js";

/** Regions/cities a storefront lists; more than this is a data problem, not a filter. */
const FACET_VALUES_MAX = 500;

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
 * The storefront's facets (decision 0093): for each dimension the distinct values of Published
 * lots with their counts under every *other* filter of the request, so a chosen value never hides
 * its alternatives; `total` is the count under the whole filter. Five small aggregates over the
 * same partial indexes, run concurrently.
 */
export async function readCatalogFilters(db: Db, f: LotFilter): Promise<CatalogFiltersView> {
  const [total, regions, cities, rooms, price, area] = await Promise.all([
    db.$queryRaw<Array<{ n: bigint }>>`
      SELECT count(*) AS n FROM catalog.property_object_cards WHERE ${where(f, null)}`,
    db.$queryRaw<KeyCount[]>`
      SELECT region_id AS key, min(region_name) AS label, count(*) AS n
      FROM catalog.property_object_cards WHERE ${where(f, "region")} AND region_id IS NOT NULL
      GROUP BY region_id ORDER BY label NULLS LAST, key LIMIT ${FACET_VALUES_MAX}`,
    db.$queryRaw<KeyCount[]>`
      SELECT city_id AS key, min(city_name) AS label, count(*) AS n
      FROM catalog.property_object_cards WHERE ${where(f, "city")} AND city_id IS NOT NULL
      GROUP BY city_id ORDER BY label NULLS LAST, key LIMIT ${FACET_VALUES_MAX}`,
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
