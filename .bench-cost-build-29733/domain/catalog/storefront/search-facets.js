import { Prisma } from "../../../generated/prisma/client.js";
import { lotPredicate } from "./lot-filter.js";
const ENTITY_FACET_MAX = 100;
function values(rows) {
  return rows.filter((r) => r.key !== null).map((r) => ({ value: r.key, label: r.label, count: Number(r.n) }));
}
const cards = Prisma.sql`catalog.property_object_cards`;
async function readSearchFacets(db, f) {
  const [classes, statuses, developers, projects, quarters, pricePerMeter, floors] = await Promise.all([
    db.$queryRaw`
      SELECT property_class AS key, NULL::text AS label, count(*) AS n FROM ${cards}
      WHERE ${lotPredicate(f, "class")} AND property_class IS NOT NULL
      GROUP BY property_class ORDER BY key`,
    db.$queryRaw`
      SELECT construction_status AS key, NULL::text AS label, count(*) AS n FROM ${cards}
      WHERE ${lotPredicate(f, "constructionStatus")} AND construction_status IS NOT NULL
      GROUP BY construction_status ORDER BY key`,
    db.$queryRaw`
      SELECT developer_id::text AS key, min(developer_name) AS label, count(*) AS n FROM ${cards}
      WHERE ${lotPredicate(f, "developer")}
      GROUP BY developer_id ORDER BY n DESC, key LIMIT ${ENTITY_FACET_MAX}`,
    db.$queryRaw`
      SELECT project_id::text AS key, min(project_name) AS label, count(*) AS n FROM ${cards}
      WHERE ${lotPredicate(f, "project")}
      GROUP BY project_id ORDER BY n DESC, key LIMIT ${ENTITY_FACET_MAX}`,
    db.$queryRaw`
      SELECT to_char(delivery_date, 'YYYY-"Q"Q') AS key, NULL::text AS label, count(*) AS n FROM ${cards}
      WHERE ${lotPredicate(f, "delivery")} AND delivery_date IS NOT NULL
      GROUP BY 1 ORDER BY 1 LIMIT ${ENTITY_FACET_MAX}`,
    bounds(db, Prisma.raw("price_per_meter"), lotPredicate(f, "pricePerMeter")),
    bounds(db, Prisma.raw("floor"), lotPredicate(f, "floor"))
  ]);
  return {
    propertyClasses: values(classes),
    constructionStatuses: values(statuses),
    developers: values(developers),
    projects: values(projects),
    deliveryQuarters: values(quarters),
    pricePerMeter,
    floors
  };
}
async function bounds(db, column, predicate) {
  const [row] = await db.$queryRaw`
    SELECT min(${column})::text AS min, max(${column})::text AS max, count(*) AS n
    FROM ${cards} WHERE ${predicate}`;
  return { min: row?.min ?? null, max: row?.max ?? null, count: Number(row?.n ?? 0) };
}
export {
  ENTITY_FACET_MAX,
  readSearchFacets
};
//# sourceMappingURL=search-facets.js.map
