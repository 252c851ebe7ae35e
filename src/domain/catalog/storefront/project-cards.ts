/** The storefront's project cards: one Published card by id, and the keyset-paged list under a filter. */
import { Prisma } from "../../../generated/prisma/client.js";
import type { Db } from "../../../platform/db/prisma-client.js";
import { keysetPaging, type Page, type PageArgs } from "../../../platform/paging/keyset.js";
import { isUuid } from "../../../platform/validation/ids.js";
import { CATALOG_STOREFRONT_ERROR, invalidFilter } from "../catalog.errors.js";
import type { ProjectCardView } from "../catalog.read-models.js";
import { PROJECT_KINDS, type ProjectKind } from "../vocabulary/card-vocabulary.js";
import { FILTER_LIST_MAX } from "./lot-filter.js";
import { PROJECT_COLUMNS, type ProjectRow, projectFromRow } from "./project-row.js";

/** Project cards page on (publishedAt, id), newest first, with the platform's cursors ("pc1"). */
export const projectCardsPaging = keysetPaging({
  errorCode: CATALOG_STOREFRONT_ERROR.invalidCursor,
  prefix: "pc1",
});

export interface ProjectCardFilter {
  readonly regionIds?: readonly number[] | null;
  readonly cityIds?: readonly number[] | null;
  readonly developerIds?: readonly string[] | null;
  readonly kinds?: readonly ProjectKind[] | null;
}

function projectPredicate(f: ProjectCardFilter): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`status = 'Published'`];
  const check = (field: string, n: number) => {
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
    if (!f.kinds.every((k) => (PROJECT_KINDS as readonly string[]).includes(k)))
      throw invalidFilter("kinds", "kinds");
    parts.push(Prisma.sql`kind = ANY(${[...f.kinds]}::text[])`);
  }
  return Prisma.join(parts, " AND ");
}

/** A Published project card, or null (hidden and delisted cards do not exist publicly). */
export async function readProjectCard(db: Db, id: string): Promise<ProjectCardView | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.$queryRaw<ProjectRow[]>`
        SELECT ${PROJECT_COLUMNS} FROM catalog.project_cards WHERE id = ${id}::uuid AND status = 'Published'`;
  return row ? projectFromRow(row) : null;
}

/** Published project cards, newest first. */
export async function readProjectCardsPage(
  db: Db,
  filter: ProjectCardFilter | null,
  args: PageArgs,
): Promise<Page<ProjectCardView>> {
  const window = projectCardsPaging.window(args);
  if (window.size === 0) return projectCardsPaging.page(window, []);
  const older = window.direction === "older";
  const from = window.from;
  const range = from
    ? older
      ? Prisma.sql`AND (published_at, id) < (${from.createdAt}, ${from.id}::uuid)`
      : Prisma.sql`AND (published_at, id) > (${from.createdAt}, ${from.id}::uuid)`
    : Prisma.empty;
  const order = older ? Prisma.sql`published_at DESC, id DESC` : Prisma.sql`published_at ASC, id ASC`;
  const rows = await db.$queryRaw<ProjectRow[]>`
        SELECT ${PROJECT_COLUMNS} FROM catalog.project_cards
        WHERE ${projectPredicate(filter ?? {})} ${range}
        ORDER BY ${order} LIMIT ${window.size + 1}`;
  const views = rows.map((r) => ({ ...projectFromRow(r), createdAt: r.published_at ?? new Date(0) }));
  return projectCardsPaging.page(window, views);
}
