import { Prisma } from "../../../generated/prisma/client.js";
import { keysetPaging } from "../../../platform/paging/keyset.js";
import { isUuid } from "../../../platform/validation/ids.js";
import { CATALOG_STOREFRONT_ERROR, invalidFilter } from "../catalog.errors.js";
import { PROJECT_KINDS } from "../vocabulary/card-vocabulary.js";
import { FILTER_LIST_MAX } from "./lot-filter.js";
import { PROJECT_COLUMNS, projectFromRow } from "./project-row.js";
const projectCardsPaging = keysetPaging({
  errorCode: CATALOG_STOREFRONT_ERROR.invalidCursor,
  prefix: "pc1"
});
function projectPredicate(f) {
  const parts = [Prisma.sql`status = 'Published'`];
  const check = (field, n) => {
    if (n > FILTER_LIST_MAX) throw invalidFilter(field, `at most ${FILTER_LIST_MAX} values`);
  };
  if (f.regionIds?.length) {
    check("regionIds", f.regionIds.length);
    parts.push(Prisma.sql`region_id = ANY(${[...f.regionIds]}::int[])`);
  }
  if (f.cityIds?.length) {
    check("cityIds", f.cityIds.length);
    parts.push(Prisma.sql`city_id = ANY(${[...f.cityIds]}::int[])`);
  }
  if (f.developerIds?.length) {
    check("developerIds", f.developerIds.length);
    if (!f.developerIds.every((id) => isUuid(id))) throw invalidFilter("developerIds", "UUIDs");
    parts.push(Prisma.sql`developer_id = ANY(${[...f.developerIds]}::uuid[])`);
  }
  if (f.kinds?.length) {
    if (!f.kinds.every((k) => PROJECT_KINDS.includes(k)))
      throw invalidFilter("kinds", "kinds");
    parts.push(Prisma.sql`kind = ANY(${[...f.kinds]}::text[])`);
  }
  return Prisma.join(parts, " AND ");
}
async function readProjectCard(db, id) {
  if (!isUuid(id)) return null;
  const [row] = await db.$queryRaw`
        SELECT ${PROJECT_COLUMNS} FROM catalog.project_cards WHERE id = ${id}::uuid AND status = 'Published'`;
  return row ? projectFromRow(row) : null;
}
async function readProjectCardsPage(db, filter, args) {
  const window = projectCardsPaging.window(args);
  if (window.size === 0) return projectCardsPaging.page(window, []);
  const older = window.direction === "older";
  const from = window.from;
  const range = from ? older ? Prisma.sql`AND (published_at, id) < (${from.createdAt}, ${from.id}::uuid)` : Prisma.sql`AND (published_at, id) > (${from.createdAt}, ${from.id}::uuid)` : Prisma.empty;
  const order = older ? Prisma.sql`published_at DESC, id DESC` : Prisma.sql`published_at ASC, id ASC`;
  const rows = await db.$queryRaw`
        SELECT ${PROJECT_COLUMNS} FROM catalog.project_cards
        WHERE ${projectPredicate(filter ?? {})} ${range}
        ORDER BY ${order} LIMIT ${window.size + 1}`;
  const views = rows.map((r) => ({ ...projectFromRow(r), createdAt: r.published_at ?? /* @__PURE__ */ new Date(0) }));
  return projectCardsPaging.page(window, views);
}
export {
  projectCardsPaging,
  readProjectCard,
  readProjectCardsPage
};
//# sourceMappingURL=project-cards.js.map
