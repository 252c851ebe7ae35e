/**
 * The lots feed: one row per lot from catalog.property_object_cards (no joins), Published only,
 * ordered by the chosen sort with keyset cursors on (sort value, id). Each sort has a partial
 * keyset index `WHERE status = 'Published'` (migration 20261201030000_catalog), so a page at any
 * depth is one index range scan plus the filter.
 *
 * The platform paging (src/platform/paging/keyset.ts) keys on (createdAt, id); the feed's key is
 * the sort value, so its cursor carries the sort and the value (decision 0091) and keeps the
 * platform's Page/PageArgs shapes, sizes and forward-only semantics of `first`/`after`.
 */
import { Prisma } from "../../../generated/prisma/client.js";
import type { Db } from "../../../platform/db/prisma-client.js";
import { ValidationError } from "../../../platform/errors/domain-error.js";
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type Page,
  type PageArgs,
} from "../../../platform/paging/keyset.js";
import { isUuid } from "../../../platform/validation/ids.js";
import { CATALOG_STOREFRONT_ERROR, invalidFilter } from "../catalog.errors.js";
import type { LotView } from "../catalog.read-models.js";
import { distanceMetresSql } from "./geo.js";
import { type LotFilter, lotPredicate } from "./lot-filter.js";
import { LOT_COLUMNS, type LotRow, lotFromRow } from "./lot-row.js";
import {
  estimateMatch,
  type RelevanceDrive,
  relevanceDriveFor,
  type SortedDrive,
  sortedDriveFor,
} from "./relevance-drive.js";
import { searchRankSql } from "./search-query.js";

/**
 * RELEVANCE ranks at most this many candidates (decision 0480): the newest matches (published_at
 * DESC, id DESC — the NEWEST keyset index), then ts_rank over those only. A query matching fewer
 * is ranked exactly as before the cap; a broader one pages through the best-ranked of its 1,000
 * newest matches (50 pages of 20) and says so (`ranking.capped`); its exact count is
 * catalogFilters.total.
 */
export const RELEVANCE_CANDIDATES_MAX = 1_000;

/** How a RELEVANCE page was ranked (null for the other sorts). */
export interface LotsRanking {
  /** The cap: at most this many matches are ranked */
  readonly candidatesMax: number;
  /** More lots match than were ranked: the order covers the newest `candidatesMax` matches */
  readonly capped: boolean;
  /** How the candidates were found (decision 0510): not part of the API, logged and counted */
  readonly drive: RelevanceDrive;
}

export interface LotsPage extends Page<LotView> {
  readonly ranking: LotsRanking | null;
  /** How a page in another sort order with q was read (decision 0536); null otherwise. */
  readonly sortedDrive: SortedDrive | null;
}

export interface LotsPageOptions {
  /**
   * Candidates RELEVANCE ranks (default RELEVANCE_CANDIDATES_MAX); null ranks every match (the
   * statement before decision 0480: the reference of the identity test and the benchmark's pair).
   */
  readonly relevanceCandidates?: number | null;
  /**
   * How the capped RELEVANCE statement finds its candidates (decision 0510; default "newest"):
   * "newest" walks lots_newest_idx until cap + 1 matches; "match" reads the whole match first (the
   * full-text GIN index, or whichever index the filter's plan picks) and top-N sorts it in NEWEST
   * order. The same candidates either way. Left out, readLotsPage chooses from the match's
   * estimated share (relevance-drive.ts) and lotsPageSql walks.
   */
  readonly relevanceDrive?: RelevanceDrive;
  /**
   * How a page in another sort order reads (decision 0536; default "walk", the planner's plan):
   * "match" reads the filter's match behind a planner fence (`OFFSET 0`) and top-N sorts it. The
   * same rows either way. Left out, readLotsPage chooses for a filter with q from the match's
   * estimated share (relevance-drive.ts).
   */
  readonly sortedDrive?: SortedDrive;
}

export const LOT_SORTS = [
  "PRICE_ASC",
  "PRICE_DESC",
  "PRICE_PER_METER_ASC",
  "PRICE_PER_METER_DESC",
  "AREA_ASC",
  "AREA_DESC",
  "DELIVERY_ASC",
  "NEWEST",
  "RELEVANCE",
  "DISTANCE",
] as const;
export type LotSort = (typeof LOT_SORTS)[number];

type Column =
  | "price"
  | "price_per_meter"
  | "area_total"
  | "delivery_date"
  | "published_at"
  /** computed: the search rank of `q` (decision 0360) */
  | "relevance"
  /** computed: metres from `near` */
  | "distance";

interface SortSpec {
  readonly column: Column;
  readonly desc: boolean;
  /** delivery_date may be null: nulls come last */
  readonly nullable: boolean;
}

const SORTS: Record<LotSort, SortSpec> = {
  PRICE_ASC: { column: "price", desc: false, nullable: false },
  PRICE_DESC: { column: "price", desc: true, nullable: false },
  PRICE_PER_METER_ASC: { column: "price_per_meter", desc: false, nullable: false },
  PRICE_PER_METER_DESC: { column: "price_per_meter", desc: true, nullable: false },
  AREA_ASC: { column: "area_total", desc: false, nullable: false },
  AREA_DESC: { column: "area_total", desc: true, nullable: false },
  DELIVERY_ASC: { column: "delivery_date", desc: false, nullable: true },
  NEWEST: { column: "published_at", desc: true, nullable: false },
  RELEVANCE: { column: "relevance", desc: true, nullable: false },
  DISTANCE: { column: "distance", desc: false, nullable: false },
};

const CURSOR_TAG = "lt1";
const SEPARATOR = "|";
const VALUE_SHAPE: Record<Column, RegExp> = {
  price: /^\d{1,14}(\.\d{1,2})?$/,
  price_per_meter: /^\d{1,14}(\.\d{1,2})?$/,
  area_total: /^\d{1,10}(\.\d{1,2})?$/,
  delivery_date: /^(\d{4}-\d{2}-\d{2})?$/,
  published_at: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/,
  relevance: /^\d{1,3}\.\d{6}$/,
  distance: /^\d{1,9}\.\d$/,
};

export interface LotPosition {
  readonly sort: LotSort;
  /** The sort value as text ("" = null delivery date) */
  readonly value: string;
  readonly id: string;
}

const badCursor = (cursor: string) =>
  new ValidationError(CATALOG_STOREFRONT_ERROR.invalidCursor, "Malformed cursor", {
    cursor: cursor.slice(0, 200),
  });

export function encodeLotCursor(p: LotPosition): string {
  return Buffer.from([CURSOR_TAG, p.sort, p.value, p.id].join(SEPARATOR), "utf8").toString("base64url");
}

/** A cursor is valid only for the sort it was issued for. */
export function decodeLotCursor(cursor: string, sort: LotSort): LotPosition {
  const parts = Buffer.from(cursor, "base64url").toString("utf8").split(SEPARATOR);
  const [tag, cursorSort, value, id] = parts;
  if (parts.length !== 4 || tag !== CURSOR_TAG || cursorSort !== sort || value === undefined || !id) {
    throw badCursor(cursor);
  }
  if (!isUuid(id) || !VALUE_SHAPE[SORTS[sort].column].test(value)) throw badCursor(cursor);
  if (value === "" && !SORTS[sort].nullable) throw badCursor(cursor);
  return { sort, value, id };
}

function sortValue(row: LotRow & { sort_value?: string }, column: Column): string {
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
      return (row.published_at ?? new Date(0)).toISOString();
  }
}

function typed(column: Column, value: string): Prisma.Sql {
  switch (column) {
    case "delivery_date":
      return Prisma.sql`${value}::date`;
    case "published_at":
      return Prisma.sql`${value}::timestamptz`;
    default:
      return Prisma.sql`${value}::numeric`;
  }
}

/** A sort's value: a column, or an expression computed from the filter (relevance, distance). */
function sortSql(spec: SortSpec, filter: LotFilter): Prisma.Sql {
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

/** Rows strictly after the cursor in the sort's order (row comparison → index range scan). */
function afterCursor(spec: SortSpec, from: LotPosition, col: Prisma.Sql): Prisma.Sql {
  if (spec.nullable) {
    // ASC NULLS LAST: after a null value only nulls with a greater id; after a value, the rest.
    if (from.value === "") return Prisma.sql`(${col} IS NULL AND cards.id > ${from.id}::uuid)`;
    return Prisma.sql`((${col}, cards.id) > (${typed(spec.column, from.value)}, ${from.id}::uuid) OR ${col} IS NULL)`;
  }
  return spec.desc
    ? Prisma.sql`(${col}, cards.id) < (${typed(spec.column, from.value)}, ${from.id}::uuid)`
    : Prisma.sql`(${col}, cards.id) > (${typed(spec.column, from.value)}, ${from.id}::uuid)`;
}

function orderBy(spec: SortSpec, col: Prisma.Sql): Prisma.Sql {
  // Qualified: the select list casts these columns to text under the same names, and ORDER BY
  // would otherwise sort by the text output column.
  if (spec.nullable) return Prisma.sql`${col} ASC NULLS LAST, cards.id ASC`;
  return spec.desc ? Prisma.sql`${col} DESC, cards.id DESC` : Prisma.sql`${col} ASC, cards.id ASC`;
}

/** The page's SQL; exported so the benchmark runs exactly this statement bare. */
export function lotsPageSql(
  filter: LotFilter,
  sort: LotSort,
  from: LotPosition | null,
  take: number,
  options: LotsPageOptions = {},
): Prisma.Sql {
  const spec = SORTS[sort];
  const cap =
    options.relevanceCandidates === undefined ? RELEVANCE_CANDIDATES_MAX : options.relevanceCandidates;
  if (spec.column === "relevance" && cap !== null)
    return rankedCandidatesSql(filter, from, take, cap, options.relevanceDrive ?? "newest");
  const col = sortSql(spec, filter);
  const where = from
    ? Prisma.sql`${lotPredicate(filter)} AND ${afterCursor(spec, from, col)}`
    : lotPredicate(filter);
  const computed =
    spec.column === "relevance" || spec.column === "distance"
      ? Prisma.sql`, ${col}::text AS sort_value`
      : Prisma.empty;
  const distance = filter.near
    ? Prisma.sql`, round(${distanceMetresSql(filter.near, "cards")}::numeric, 1)::text AS distance_m`
    : Prisma.empty;
  // "match": the rows that pass the filter, read by the filter's indexes behind the fence (the
  // outer ORDER BY … LIMIT cannot turn it into a walk of the sort's index), then top-N sorted.
  const source =
    options.sortedDrive === "match"
      ? Prisma.sql`(SELECT * FROM catalog.property_object_cards cards WHERE ${where} OFFSET 0) cards`
      : Prisma.sql`catalog.property_object_cards cards
    WHERE ${where}`;
  return Prisma.sql`
    SELECT ${LOT_COLUMNS}${computed}${distance} FROM ${source}
    ORDER BY ${orderBy(spec, col)}
    LIMIT ${take}`;
}

/**
 * RELEVANCE over a capped candidate set (decision 0480), one statement:
 * 1. candidates: the filter's matches in NEWEST order (published_at DESC, id DESC), at most cap + 1
 *    (the planner walks lots_newest_idx for a broad q and stops, or takes a selective q's GIN bitmap
 *    and top-N sorts it); the (cap + 1)th only tells that the set was capped;
 * 2. ranked: ts_rank of the first `cap` candidates only;
 * 3. the page: keyset on (relevance DESC, id DESC) — the cursor of every RELEVANCE page since 0360 —
 *    and the page's lots read by primary key. One row even when the page is empty (the flag).
 * When no more than `cap` lots match, the candidates are every match and the pages are identical to
 * ranking every match.
 * `drive` (decision 0510) only changes how step 1 is planned: "newest" lets the planner walk
 * lots_newest_idx (cheap when many lots match: it stops after cap + 1 of them); "match" puts the
 * match in a subquery behind `OFFSET 0` (a planner fence: the outer ORDER BY … LIMIT cannot pull it
 * onto the walk), so it is read from the GIN index (or the filter's index) and top-N sorted by the
 * same (published_at DESC, id DESC) — a total order, hence the same candidates.
 */
function rankedCandidatesSql(
  filter: LotFilter,
  from: LotPosition | null,
  take: number,
  cap: number,
  drive: RelevanceDrive,
): Prisma.Sql {
  const search = filter.search;
  if (!search) throw invalidFilter("sort", "RELEVANCE needs a search query q");
  if (!Number.isInteger(cap) || cap < 1) throw new RangeError(`relevance candidates must be ≥ 1, got ${cap}`);
  // The rank reads search_document (and search_text with the trigram OR): the candidates carry them.
  const trigramText = search.typoTolerant && !search.corrected;
  const carried = trigramText ? Prisma.sql`, search_text` : Prisma.empty;
  const carriedCards = trigramText ? Prisma.sql`, cards.search_text` : Prisma.empty;
  const after = from
    ? Prisma.sql`WHERE (relevance, id) < (${from.value}::numeric, ${from.id}::uuid)`
    : Prisma.empty;
  const newest =
    drive === "match"
      ? Prisma.sql`
      candidates AS MATERIALIZED (
        SELECT id, search_document${carried}, row_number() OVER (ORDER BY published_at DESC, id DESC) AS n
        FROM (SELECT * FROM (SELECT cards.id, cards.published_at, cards.search_document${carriedCards}
                             FROM catalog.property_object_cards cards
                             WHERE ${lotPredicate(filter)} OFFSET 0) matched
              ORDER BY published_at DESC, id DESC LIMIT ${cap + 1}) newest
      )`
      : Prisma.sql`
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

/** Forward pages only (`first`/`after`): a storefront scrolls on. */
export function lotsWindow(args: PageArgs, sort: LotSort): { size: number; from: LotPosition | null } {
  if ((args.last !== null && args.last !== undefined) || args.before) {
    throw new ValidationError(
      CATALOG_STOREFRONT_ERROR.invalidCursor,
      "The lots feed pages forward only (first/after)",
    );
  }
  const first = args.first ?? DEFAULT_PAGE_SIZE;
  if (first < 0)
    throw new ValidationError(CATALOG_STOREFRONT_ERROR.invalidCursor, "Page size must not be negative");
  return {
    size: Math.min(first, MAX_PAGE_SIZE),
    from: args.after ? decodeLotCursor(args.after, sort) : null,
  };
}

type PageRow = LotRow & { sort_value?: string; candidates_capped?: boolean | null };

export async function readLotsPage(
  db: Db,
  filter: LotFilter,
  sort: LotSort,
  args: PageArgs,
  options: LotsPageOptions = {},
): Promise<LotsPage> {
  const window = lotsWindow(args, sort);
  const cap =
    options.relevanceCandidates === undefined ? RELEVANCE_CANDIDATES_MAX : options.relevanceCandidates;
  const ranked = sort === "RELEVANCE" && cap !== null;
  // A capped RELEVANCE page: the GIN match drives when it is selective (decision 0510).
  const drive: RelevanceDrive =
    options.relevanceDrive ??
    (ranked && cap !== null ? relevanceDriveFor(await estimateMatch(db, filter), cap) : "newest");
  // Another sort with q: the match drives when it is selective (decision 0536).
  const chooses = sort !== "RELEVANCE" && Boolean(filter.search) && window.size > 0;
  const sortedDrive: SortedDrive =
    options.sortedDrive ??
    (chooses ? sortedDriveFor(await estimateMatch(db, filter), window.size + 1) : "walk");
  // `first: 0` reads nothing — except the capped RELEVANCE statement's flag (its page then unused).
  const fetched =
    window.size === 0 && sort !== "RELEVANCE"
      ? []
      : await db.$queryRaw<PageRow[]>(
          lotsPageSql(filter, sort, window.from, window.size + 1, {
            ...options,
            relevanceDrive: drive,
            sortedDrive,
          }),
        );
  // The capped RELEVANCE statement returns one row with a null lot when the page is empty.
  const rows = window.size === 0 ? [] : fetched.filter((r) => r.id !== null);
  const ranking: LotsRanking | null =
    ranked && cap !== null
      ? { candidatesMax: cap, capped: fetched[0]?.candidates_capped === true, drive }
      : null;
  const more = rows.length > window.size;
  const column = SORTS[sort].column;
  const edges = rows.slice(0, window.size).map((row) => ({
    cursor: encodeLotCursor({ sort, value: sortValue(row, column), id: row.id }),
    node: lotFromRow(row),
  }));
  return {
    edges,
    ranking,
    sortedDrive: chooses ? sortedDrive : null,
    pageInfo: {
      hasNextPage: more,
      hasPreviousPage: window.from !== null,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
