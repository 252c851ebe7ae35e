import { Prisma } from "../../../generated/prisma/client.js";
import { ValidationError } from "../../../platform/errors/domain-error.js";
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE
} from "../../../platform/paging/keyset.js";
import { isUuid } from "../../../platform/validation/ids.js";
import { CATALOG_STOREFRONT_ERROR, invalidFilter } from "../catalog.errors.js";
import { distanceMetresSql } from "./geo.js";
import { lotPredicate } from "./lot-filter.js";
import { LOT_COLUMNS, lotFromRow } from "./lot-row.js";
import {
  estimateMatch,
  relevanceDriveFor,
  sortedDriveFor
} from "./relevance-drive.js";
import { searchRankSql } from "./search-query.js";
const RELEVANCE_CANDIDATES_MAX = 1e3;
const LOT_SORTS = [
  "PRICE_ASC",
  "PRICE_DESC",
  "PRICE_PER_METER_ASC",
  "PRICE_PER_METER_DESC",
  "AREA_ASC",
  "AREA_DESC",
  "DELIVERY_ASC",
  "NEWEST",
  "RELEVANCE",
  "DISTANCE"
];
const SORTS = {
  PRICE_ASC: { column: "price", desc: false, nullable: false },
  PRICE_DESC: { column: "price", desc: true, nullable: false },
  PRICE_PER_METER_ASC: { column: "price_per_meter", desc: false, nullable: false },
  PRICE_PER_METER_DESC: { column: "price_per_meter", desc: true, nullable: false },
  AREA_ASC: { column: "area_total", desc: false, nullable: false },
  AREA_DESC: { column: "area_total", desc: true, nullable: false },
  DELIVERY_ASC: { column: "delivery_date", desc: false, nullable: true },
  NEWEST: { column: "published_at", desc: true, nullable: false },
  RELEVANCE: { column: "relevance", desc: true, nullable: false },
  DISTANCE: { column: "distance", desc: false, nullable: false }
};
const CURSOR_TAG = "lt1";
const SEPARATOR = "|";
const VALUE_SHAPE = {
  price: /^\d{1,14}(\.\d{1,2})?$/,
  price_per_meter: /^\d{1,14}(\.\d{1,2})?$/,
  area_total: /^\d{1,10}(\.\d{1,2})?$/,
  delivery_date: /^(\d{4}-\d{2}-\d{2})?$/,
  published_at: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/,
  relevance: /^\d{1,3}\.\d{6}$/,
  distance: /^\d{1,9}\.\d$/
};
const badCursor = (cursor) => new ValidationError(CATALOG_STOREFRONT_ERROR.invalidCursor, "Malformed cursor", {
  cursor: cursor.slice(0, 200)
});
function encodeLotCursor(p) {
  return Buffer.from([CURSOR_TAG, p.sort, p.value, p.id].join(SEPARATOR), "utf8").toString("base64url");
}
function decodeLotCursor(cursor, sort) {
  const parts = Buffer.from(cursor, "base64url").toString("utf8").split(SEPARATOR);
  const [tag, cursorSort, value, id] = parts;
  if (parts.length !== 4 || tag !== CURSOR_TAG || cursorSort !== sort || value === void 0 || !id) {
    throw badCursor(cursor);
  }
  if (!isUuid(id) || !VALUE_SHAPE[SORTS[sort].column].test(value)) throw badCursor(cursor);
  if (value === "" && !SORTS[sort].nullable) throw badCursor(cursor);
  return { sort, value, id };
}
function sortValue(row, column) {
  switch (column) {
    case "relevance":
    case "distance":
      return row.sort_value ?? "";
    case "price":
      return row.price;
    case "price_per_meter":
      return row.price_per_meter;
    case "area_total":
      return row.area_total;
    case "delivery_date":
      return row.delivery_date ? row.delivery_date.toISOString().slice(0, 10) : "";
    case "published_at":
      return (row.published_at ?? /* @__PURE__ */ new Date(0)).toISOString();
  }
}
function typed(column, value) {
  switch (column) {
    case "delivery_date":
      return Prisma.sql`${value}::date`;
    case "published_at":
      return Prisma.sql`${value}::timestamptz`;
    default:
      return Prisma.sql`${value}::numeric`;
  }
}
function sortSql(spec, filter) {
  if (spec.column === "relevance") {
    if (!filter.search) throw invalidFilter("sort", "RELEVANCE needs a search query q");
    return searchRankSql(filter.search);
  }
  if (spec.column === "distance") {
    if (!filter.near) throw invalidFilter("sort", "DISTANCE needs a near point");
    return Prisma.sql`round(${distanceMetresSql(filter.near, "cards")}::numeric, 1)`;
  }
  return Prisma.raw(`cards.${spec.column}`);
}
function afterCursor(spec, from, col) {
  if (spec.nullable) {
    if (from.value === "") return Prisma.sql`(${col} IS NULL AND cards.id > ${from.id}::uuid)`;
    return Prisma.sql`((${col}, cards.id) > (${typed(spec.column, from.value)}, ${from.id}::uuid) OR ${col} IS NULL)`;
  }
  return spec.desc ? Prisma.sql`(${col}, cards.id) < (${typed(spec.column, from.value)}, ${from.id}::uuid)` : Prisma.sql`(${col}, cards.id) > (${typed(spec.column, from.value)}, ${from.id}::uuid)`;
}
function orderBy(spec, col) {
  if (spec.nullable) return Prisma.sql`${col} ASC NULLS LAST, cards.id ASC`;
  return spec.desc ? Prisma.sql`${col} DESC, cards.id DESC` : Prisma.sql`${col} ASC, cards.id ASC`;
}
function lotsPageSql(filter, sort, from, take, options = {}) {
  const spec = SORTS[sort];
  const cap = options.relevanceCandidates === void 0 ? RELEVANCE_CANDIDATES_MAX : options.relevanceCandidates;
  if (spec.column === "relevance" && cap !== null)
    return rankedCandidatesSql(filter, from, take, cap, options.relevanceDrive ?? "newest");
  const col = sortSql(spec, filter);
  const where = from ? Prisma.sql`${lotPredicate(filter)} AND ${afterCursor(spec, from, col)}` : lotPredicate(filter);
  const computed = spec.column === "relevance" || spec.column === "distance" ? Prisma.sql`, ${col}::text AS sort_value` : Prisma.empty;
  const distance = filter.near ? Prisma.sql`, round(${distanceMetresSql(filter.near, "cards")}::numeric, 1)::text AS distance_m` : Prisma.empty;
  const source = options.sortedDrive === "match" ? Prisma.sql`(SELECT * FROM catalog.property_object_cards cards WHERE ${where} OFFSET 0) cards` : Prisma.sql`catalog.property_object_cards cards
    WHERE ${where}`;
  return Prisma.sql`
    SELECT ${LOT_COLUMNS}${computed}${distance} FROM ${source}
    ORDER BY ${orderBy(spec, col)}
    LIMIT ${take}`;
}
function rankedCandidatesSql(filter, from, take, cap, drive) {
  const search = filter.search;
  if (!search) throw invalidFilter("sort", "RELEVANCE needs a search query q");
  if (!Number.isInteger(cap) || cap < 1) throw new RangeError(`relevance candidates must be \u2265 1, got ${cap}`);
  const trigramText = search.typoTolerant && !search.corrected;
  const carried = trigramText ? Prisma.sql`, search_text` : Prisma.empty;
  const carriedCards = trigramText ? Prisma.sql`, cards.search_text` : Prisma.empty;
  const after = from ? Prisma.sql`WHERE (relevance, id) < (${from.value}::numeric, ${from.id}::uuid)` : Prisma.empty;
  const newest = drive === "match" ? Prisma.sql`
      candidates AS MATERIALIZED (
        SELECT id, search_document${carried}, row_number() OVER (ORDER BY published_at DESC, id DESC) AS n
        FROM (SELECT * FROM (SELECT cards.id, cards.published_at, cards.search_document${carriedCards}
                             FROM catalog.property_object_cards cards
                             WHERE ${lotPredicate(filter)} OFFSET 0) matched
              ORDER BY published_at DESC, id DESC LIMIT ${cap + 1}) newest
      )` : Prisma.sql`
      candidates AS MATERIALIZED (
        SELECT id, search_document${carried}, row_number() OVER (ORDER BY published_at DESC, id DESC) AS n
        FROM (SELECT cards.id, cards.published_at, cards.search_document${carriedCards}
              FROM catalog.property_object_cards cards
              WHERE ${lotPredicate(filter)}
              ORDER BY cards.published_at DESC, cards.id DESC
              LIMIT ${cap + 1}) newest
      )`;
  return Prisma.sql`
    WITH ${newest}, ranked AS (
      SELECT id, ${searchRankSql(search)} AS relevance FROM candidates WHERE n <= ${cap}
    ), page AS (
      SELECT id AS page_id, relevance AS page_relevance FROM ranked ${after}
      ORDER BY relevance DESC, id DESC LIMIT ${take}
    )
    SELECT k.candidates_capped, p.* FROM (SELECT count(*) > ${cap} AS candidates_capped FROM candidates) k
    LEFT JOIN LATERAL (
      SELECT ${LOT_COLUMNS}, page.page_relevance::text AS sort_value, page.page_relevance, page.page_id
      FROM page JOIN catalog.property_object_cards cards ON cards.id = page.page_id
    ) p ON true
    ORDER BY p.page_relevance DESC, p.page_id DESC`;
}
function lotsWindow(args, sort) {
  if (args.last !== null && args.last !== void 0 || args.before) {
    throw new ValidationError(
      CATALOG_STOREFRONT_ERROR.invalidCursor,
      "The lots feed pages forward only (first/after)"
    );
  }
  const first = args.first ?? DEFAULT_PAGE_SIZE;
  if (first < 0)
    throw new ValidationError(CATALOG_STOREFRONT_ERROR.invalidCursor, "Page size must not be negative");
  return {
    size: Math.min(first, MAX_PAGE_SIZE),
    from: args.after ? decodeLotCursor(args.after, sort) : null
  };
}
async function readLotsPage(db, filter, sort, args, options = {}) {
  const window = lotsWindow(args, sort);
  const cap = options.relevanceCandidates === void 0 ? RELEVANCE_CANDIDATES_MAX : options.relevanceCandidates;
  const ranked = sort === "RELEVANCE" && cap !== null;
  const drive = options.relevanceDrive ?? (ranked && cap !== null ? relevanceDriveFor(await estimateMatch(db, filter), cap) : "newest");
  const chooses = sort !== "RELEVANCE" && Boolean(filter.search) && window.size > 0;
  const sortedDrive = options.sortedDrive ?? (chooses ? sortedDriveFor(await estimateMatch(db, filter), window.size + 1) : "walk");
  const fetched = window.size === 0 && sort !== "RELEVANCE" ? [] : await db.$queryRaw(
    lotsPageSql(filter, sort, window.from, window.size + 1, {
      ...options,
      relevanceDrive: drive,
      sortedDrive
    })
  );
  const rows = window.size === 0 ? [] : fetched.filter((r) => r.id !== null);
  const ranking = ranked && cap !== null ? { candidatesMax: cap, capped: fetched[0]?.candidates_capped === true, drive } : null;
  const more = rows.length > window.size;
  const column = SORTS[sort].column;
  const edges = rows.slice(0, window.size).map((row) => ({
    cursor: encodeLotCursor({ sort, value: sortValue(row, column), id: row.id }),
    node: lotFromRow(row)
  }));
  return {
    edges,
    ranking,
    sortedDrive: chooses ? sortedDrive : null,
    pageInfo: {
      hasNextPage: more,
      hasPreviousPage: window.from !== null,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null
    }
  };
}
export {
  LOT_SORTS,
  RELEVANCE_CANDIDATES_MAX,
  decodeLotCursor,
  encodeLotCursor,
  lotsPageSql,
  lotsWindow,
  readLotsPage
};
//# sourceMappingURL=lots-page.js.map
