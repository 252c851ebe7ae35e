/**
 * Saved searches (issue 27): a signed-in user's named storefront filter (with an optional query),
 * at most SAVED_SEARCHES_MAX a user. The count is checked under a per-user transaction advisory
 * lock, so two concurrent saves cannot both take the last slot.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../../../platform/db/prisma-client.js";
import { isUuid } from "../../../platform/validation/ids.js";
import { invalidSavedSearch, savedSearchLimit, savedSearchNotFound } from "../catalog.errors.js";
import { type LotFilter, validateLotFilter } from "../storefront/lot-filter.js";
import { type SavedFilterJson, savedFilterToJson } from "./saved-search-filter.js";

export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_NAME_MAX = 100;

export interface SavedSearchView {
  readonly id: string;
  readonly name: string;
  readonly query: string | null;
  /** The filter in the shape of the LotFilter input (without q) */
  readonly filter: SavedFilterJson;
  readonly createdAt: Date;
}

interface Row {
  id: string;
  name: string;
  query: string | null;
  filter: SavedFilterJson;
  created_at: Date;
}

const view = (r: Row): SavedSearchView => ({
  id: r.id,
  name: r.name,
  query: r.query,
  filter: r.filter,
  createdAt: r.created_at,
});

function validName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > SAVED_SEARCH_NAME_MAX)
    throw invalidSavedSearch("name", `1..${SAVED_SEARCH_NAME_MAX} characters`);
  return trimmed;
}

export function createSavedSearches(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  return {
    async save(userId: string, input: { name: string; filter: LotFilter | null }): Promise<SavedSearchView> {
      const name = validName(input.name);
      const filter = validateLotFilter(input.filter);
      const query = filter.search ? (filter.q ?? null) : null;
      const json = savedFilterToJson(filter);
      const now = deps.now();
      return db.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`catalog:saved-searches:${userId}`}, 0))`;
        const [count] = await tx.$queryRaw<Array<{ n: bigint }>>`
          SELECT count(*) AS n FROM catalog.saved_searches WHERE user_id = ${userId}`;
        if (Number(count?.n ?? 0) >= SAVED_SEARCHES_MAX) throw savedSearchLimit(SAVED_SEARCHES_MAX);
        const [row] = await tx.$queryRaw<Row[]>`
          INSERT INTO catalog.saved_searches (id, user_id, name, filter, query, created_at, updated_at)
          VALUES (${randomUUID()}::uuid, ${userId}, ${name}, ${JSON.stringify(json)}::jsonb, ${query}, ${now}, ${now})
          RETURNING id::text, name, query, filter, created_at`;
        return view(row as Row);
      });
    },

    async list(userId: string): Promise<SavedSearchView[]> {
      const rows = await db.$queryRaw<Row[]>`
        SELECT id::text, name, query, filter, created_at FROM catalog.saved_searches
        WHERE user_id = ${userId} ORDER BY created_at, id LIMIT ${SAVED_SEARCHES_MAX}`;
      return rows.map(view);
    },

    /** Deletes one of the user's searches (another user's id is "not found": no existence leak). */
    async delete(userId: string, id: string): Promise<void> {
      if (!isUuid(id)) throw savedSearchNotFound(id);
      const n = await db.$executeRaw`
        DELETE FROM catalog.saved_searches WHERE id = ${id}::uuid AND user_id = ${userId}`;
      if (n === 0) throw savedSearchNotFound(id);
    },
  };
}

export type SavedSearches = ReturnType<typeof createSavedSearches>;
