import { Prisma } from "../../../generated/prisma/client.js";
import type { Db } from "../../../platform/db/prisma-client.js";
import type { Bounds, FacetValue, SearchFacetsView } from "../catalog.read-models.js";
import { type LotFilter, lotPredicate } from "./lot-filter.js";

/** Developers/projects a facet lists at most (the most frequent first); more is a long tail. */
export const ENTITY_FACET_MAX = 100;

interface TextKeyCount {
  key: string | null;
  label: string | null;
  n: bigint;
}

function values(rows: TextKeyCount[]): Array<FacetValue<string>> {
  return rows
    .filter((r) => r.key !== null)
    .map((r) => ({ value: r.key as string, label: r.label, count: Number(r.n) }));
}

const cards = Prisma.sql`catalog.property_object_cards`;

/**
 * The facets of issue 27, beside the regions/cities/rooms of readCatalogFilters: class,
 * construction status, developer, project and delivery quarter with counts, price per metre and
 * floor bounds — each under every other filter of the request (its own left out), over the same
 * partial indexes, run concurrently.
 */
export async function readSearchFacets(db: Db, f: LotFilter): Promise<SearchFacetsView> {
  const [classes, statuses, developers, projects, quarters, pricePerMeter, floors] = await Promise.all([
    db.$queryRaw<TextKeyCount[]>`
      SELECT property_class AS key, NULL::text AS label, count(*) AS n FROM ${cards}
      WHERE ${lotPredicate(f, "class")} AND property_class IS NOT NULL
      GROUP BY property_class ORDER BY key`,
    db.$queryRaw<TextKeyCount[]>`
      SELECT construction_status AS key, NULL::text AS label, count(*) AS n FROM ${cards}
      WHERE ${lotPredicate(f, "constructionStatus")} AND construction_status IS NOT NULL
      GROUP BY construction_status ORDER BY key`,
    db.$queryRaw<TextKeyCount[]>`
      SELECT developer_id::text AS key, min(developer_name) AS label, count(*) AS n FROM ${cards}
      WHERE ${lotPredicate(f, "developer")}
      GROUP BY developer_id ORDER BY n DESC, key LIMIT ${ENTITY_FACET_MAX}`,
    db.$queryRaw<TextKeyCount[]>`
      SELECT project_id::text AS key, min(project_name) AS label, count(*) AS n FROM ${cards}
      WHERE ${lotPredicate(f, "project")}
      GROUP BY project_id ORDER BY n DESC, key LIMIT ${ENTITY_FACET_MAX}`,
    db.$queryRaw<TextKeyCount[]>`
      SELECT to_char(delivery_date, 'YYYY-"Q"Q') AS key, NULL::text AS label, count(*) AS n FROM ${cards}
      WHERE ${lotPredicate(f, "delivery")} AND delivery_date IS NOT NULL
      GROUP BY 1 ORDER BY 1 LIMIT ${ENTITY_FACET_MAX}`,
    bounds(db, Prisma.raw("price_per_meter"), lotPredicate(f, "pricePerMeter")),
    bounds(db, Prisma.raw("floor"), lotPredicate(f, "floor")),
  ]);
  return {
    propertyClasses: values(classes),
    constructionStatuses: values(statuses),
    developers: values(developers),
    projects: values(projects),
    deliveryQuarters: values(quarters),
    pricePerMeter,
    floors,
  };
}

async function bounds(db: Db, column: Prisma.Sql, predicate: Prisma.Sql): Promise<Bounds> {
  const [row] = await db.$queryRaw<Array<{ min: string | null; max: string | null; n: bigint }>>`
    SELECT min(${column})::text AS min, max(${column})::text AS max, count(*) AS n
    FROM ${cards} WHERE ${predicate}`;
  return { min: row?.min ?? null, max: row?.max ?? null, count: Number(row?.n ?? 0) };
}
