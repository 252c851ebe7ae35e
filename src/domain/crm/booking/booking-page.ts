import { CRM_ERROR, crmErrors } from "../crm.errors.js";

/**
 * Keyset (cursor) pagination of bookings, newest first, on (createdAt, id). The cursor is the
 * position of the last row seen, so a page is one indexed range scan whatever its depth, and rows
 * inserted meanwhile never shift or duplicate entries the way OFFSET does.
 */
export interface BookingPosition {
  readonly createdAt: Date;
  readonly id: string;
}

export interface PageArgs {
  readonly first?: number | null;
  readonly after?: string | null;
  readonly last?: number | null;
  readonly before?: string | null;
}

/** What to fetch: `direction` older = towards the end of the list (newest-first order). */
export interface PageWindow {
  readonly direction: "older" | "newer";
  readonly from: BookingPosition | null;
  readonly size: number;
}

export interface PageInfo {
  readonly hasNextPage: boolean;
  readonly hasPreviousPage: boolean;
  readonly startCursor: string | null;
  readonly endCursor: string | null;
}

export interface Page<T> {
  readonly edges: ReadonlyArray<{ readonly cursor: string; readonly node: T }>;
  readonly pageInfo: PageInfo;
}

const CURSOR_PREFIX = "bk1";
const SEPARATOR = "|";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function invalidCursor(cursor: string) {
  return crmErrors.invalid(CRM_ERROR.invalidCursor, "Malformed bookings cursor", { cursor });
}

export function encodeBookingCursor(p: BookingPosition): string {
  return Buffer.from([CURSOR_PREFIX, p.createdAt.toISOString(), p.id].join(SEPARATOR), "utf8").toString(
    "base64url",
  );
}

export function decodeBookingCursor(cursor: string): BookingPosition {
  const parts = Buffer.from(cursor, "base64url").toString("utf8").split(SEPARATOR);
  const [prefix, at, id] = parts;
  if (parts.length !== 3 || prefix !== CURSOR_PREFIX || !at || !id || !UUID.test(id)) {
    throw invalidCursor(cursor);
  }
  const createdAt = new Date(at);
  if (Number.isNaN(createdAt.getTime())) throw invalidCursor(cursor);
  return { createdAt, id };
}

/** Relay args → one window; `first`/`after` wins when both directions are given. */
export function pageWindow(args: PageArgs, defaultSize: number, maxSize: number): PageWindow {
  const clamp = (n: number | null | undefined) => {
    if (n !== null && n !== undefined && n < 0) {
      throw crmErrors.invalid(CRM_ERROR.invalidCursor, "Page size must not be negative", { size: n });
    }
    return Math.min(n ?? defaultSize, maxSize);
  };
  const backwards = (args.last !== null && args.last !== undefined) || (args.before && !args.after);
  if (backwards && (args.first === null || args.first === undefined)) {
    return {
      direction: "newer",
      from: args.before ? decodeBookingCursor(args.before) : null,
      size: clamp(args.last),
    };
  }
  return {
    direction: "older",
    from: args.after ? decodeBookingCursor(args.after) : null,
    size: clamp(args.first),
  };
}

/**
 * Builds the connection from rows fetched with `size + 1` (the extra row only tells whether more
 * exist). Rows of a "newer" window arrive oldest-first and are flipped back to newest-first.
 * The opposite-side flag is "a cursor was given": cheap, and exact unless that row was deleted.
 */
export function toPage<T extends BookingPosition>(window: PageWindow, fetched: readonly T[]): Page<T> {
  const more = fetched.length > window.size;
  const kept = fetched.slice(0, window.size);
  const rows = window.direction === "older" ? kept : [...kept].reverse();
  const edges = rows.map((node) => ({ cursor: encodeBookingCursor(node), node }));
  const older = window.direction === "older";
  return {
    edges,
    pageInfo: {
      hasNextPage: older ? more : window.from !== null,
      hasPreviousPage: older ? window.from !== null : more,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/**
 * The keyset part of a page query on (createdAt, id) — shared by every list that pages this way
 * (bookings, deals): the range after the cursor and the order to read it in.
 */
export function keysetRange(window: PageWindow): {
  readonly range: {
    OR: Array<
      { createdAt: { lt: Date } | { gt: Date } } | { createdAt: Date; id: { lt: string } | { gt: string } }
    >;
  } | null;
  readonly order: "asc" | "desc";
} {
  const older = window.direction === "older";
  const from = window.from;
  const range = from
    ? older
      ? { OR: [{ createdAt: { lt: from.createdAt } }, { createdAt: from.createdAt, id: { lt: from.id } }] }
      : { OR: [{ createdAt: { gt: from.createdAt } }, { createdAt: from.createdAt, id: { gt: from.id } }] }
    : null;
  return { range, order: older ? "desc" : "asc" };
}
