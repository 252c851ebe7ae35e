import { randomUUID } from "node:crypto";
import { isUuid } from "../../../platform/validation/ids.js";
import { invalidSavedSearch, savedSearchLimit, savedSearchNotFound } from "../catalog.errors.js";
import { validateLotFilter } from "../storefront/lot-filter.js";
import { savedFilterToJson } from "./saved-search-filter.js";
const SAVED_SEARCHES_MAX = 20;
const SAVED_SEARCH_NAME_MAX = 100;
const view = (r) => ({
  id: r.id,
  name: r.name,
  query: r.query,
  filter: r.filter,
  createdAt: r.created_at
});
function validName(name) {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > SAVED_SEARCH_NAME_MAX)
    throw invalidSavedSearch("name", `1..${SAVED_SEARCH_NAME_MAX} characters`);
  return trimmed;
}
function createSavedSearches(deps) {
  const { db } = deps;
  return {
    async save(userId, input) {
      const name = validName(input.name);
      const filter = validateLotFilter(input.filter);
      const query = filter.search ? filter.q ?? null : null;
      const json = savedFilterToJson(filter);
      const now = deps.now();
      return db.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`catalog:saved-searches:${userId}`}, 0))`;
        const [count] = await tx.$queryRaw`
          SELECT count(*) AS n FROM catalog.saved_searches WHERE user_id = ${userId}`;
        if (Number(count?.n ?? 0) >= SAVED_SEARCHES_MAX) throw savedSearchLimit(SAVED_SEARCHES_MAX);
        const [row] = await tx.$queryRaw`
          INSERT INTO catalog.saved_searches (id, user_id, name, filter, query, created_at, updated_at)
          VALUES (${randomUUID()}::uuid, ${userId}, ${name}, ${JSON.stringify(json)}::jsonb, ${query}, ${now}, ${now})
          RETURNING id::text, name, query, filter, created_at`;
        return view(row);
      });
    },
    async list(userId) {
      const rows = await db.$queryRaw`
        SELECT id::text, name, query, filter, created_at FROM catalog.saved_searches
        WHERE user_id = ${userId} ORDER BY created_at, id LIMIT ${SAVED_SEARCHES_MAX}`;
      return rows.map(view);
    },
    /** Deletes one of the user's searches (another user's id is "not found": no existence leak). */
    async delete(userId, id) {
      if (!isUuid(id)) throw savedSearchNotFound(id);
      const n = await db.$executeRaw`
        DELETE FROM catalog.saved_searches WHERE id = ${id}::uuid AND user_id = ${userId}`;
      if (n === 0) throw savedSearchNotFound(id);
    }
  };
}
export {
  SAVED_SEARCHES_MAX,
  SAVED_SEARCH_NAME_MAX,
  createSavedSearches
};
//# sourceMappingURL=saved-searches.js.map
