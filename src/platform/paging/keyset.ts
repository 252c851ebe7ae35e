import { ValidationError } from "../errors/domain-error.js";
import { isUuid } from "../validation/ids.js";

/**
 * Keyset (cursor) pagination on (createdAt, id), newest first — the one paging helper every list
 * of the API uses (bookings, deals; storefront, chats and notifications next). The cursor is the
 * position of the last row seen, so a page is one indexed range scan whatever its depth, and rows
 * inserted meanwhile never shift or duplicate entries the way OFFSET does.
 *
 * A context builds its paging once: `const paging = keysetPaging({ errorCode: "CRM_INVALID_CURSOR" })`,
 * then `paging.window(args)` → fetch `size + 1` rows in `keysetRange(window)` → `paging.page(window, rows)`.
 */
export interface KeysetPosition {
  readonly createdAt: Date;
  readonly id: string;
}

/** Relay connection arguments. */
export interface PageArgs {
  readonly first?: number | null;
  readonly after?: string | null;
  readonly last?: number | null;
  readonly before?: string | null;
}

/** What to fetch: `direction` older = towards the end of the list (newest-first order). */
export interface PageWindow {
  readonly direction: "older" | "newer";
  readonly from: KeysetPosition | null;
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

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface KeysetPagingOptions {
  /** The context's stable error code for a malformed cursor or a negative size (e.g. CRM_INVALID_CURSOR). */
  readonly errorCode: string;
  /** Cursor version tag; cursors of another tag are refused. Default "bk1". */
  readonly prefix?: string;
  readonly defaultSize?: number;
  readonly maxSize?: number;
}

export interface KeysetPaging {
  readonly defaultSize: number;
  readonly maxSize: number;
  encode(position: KeysetPosition): string;
  /** Throws a ValidationError with the context's code on anything but a cursor of this paging. */
  decode(cursor: string): KeysetPosition;
  /** Relay args → one window; `first`/`after` wins when both directions are given. */
  window(args: PageArgs): PageWindow;
  /**
   * Builds the connection from rows fetched with `size + 1` (the extra row only tells whether more
   * exist). Rows of a "newer" window arrive oldest-first and are flipped back to newest-first.
   * The opposite-side flag is "a cursor was given": cheap, and exact unless that row was deleted.
   */
  page<T extends KeysetPosition>(window: PageWindow, fetched: readonly T[]): Page<T>;
}

const SEPARATOR = "|";

export function keysetPaging(options: KeysetPagingOptions): KeysetPaging {
  const prefix = options.prefix ?? "bk1";
  const defaultSize = options.defaultSize ?? DEFAULT_PAGE_SIZE;
  const maxSize = options.maxSize ?? MAX_PAGE_SIZE;
  const invalid = (message: string, details: Record<string, unknown>) =>
    new ValidationError(options.errorCode, message, details);

  const encode = (p: KeysetPosition) =>
    Buffer.from([prefix, p.createdAt.toISOString(), p.id].join(SEPARATOR), "utf8").toString("base64url");

  const decode = (cursor: string): KeysetPosition => {
    const parts = Buffer.from(cursor, "base64url").toString("utf8").split(SEPARATOR);
    const [tag, at, id] = parts;
    if (parts.length !== 3 || tag !== prefix || !at || !id || !isUuid(id)) {
      throw invalid("Malformed cursor", { cursor });
    }
    const createdAt = new Date(at);
    if (Number.isNaN(createdAt.getTime())) throw invalid("Malformed cursor", { cursor });
    return { createdAt, id };
  };

  const clamp = (n: number | null | undefined) => {
    if (n !== null && n !== undefined && n < 0) throw invalid("Page size must not be negative", { size: n });
    return Math.min(n ?? defaultSize, maxSize);
  };

  return {
    defaultSize,
    maxSize,
    encode,
    decode,
    window(args) {
      const backwards = (args.last !== null && args.last !== undefined) || (args.before && !args.after);
      if (backwards && (args.first === null || args.first === undefined)) {
        return { direction: "newer", from: args.before ? decode(args.before) : null, size: clamp(args.last) };
      }
      return { direction: "older", from: args.after ? decode(args.after) : null, size: clamp(args.first) };
    },
    page(window, fetched) {
      const more = fetched.length > window.size;
      const kept = fetched.slice(0, window.size);
      const rows = window.direction === "older" ? kept : [...kept].reverse();
      const edges = rows.map((node) => ({ cursor: encode(node), node }));
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
    },
  };
}

/**
 * The keyset part of a page query on (createdAt, id), as a Prisma-compatible filter and order:
 * the range after the cursor and the direction to read it in. Plain objects, so the platform
 * needs no generated types: `where: range ? { AND: [where, range] } : where`.
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
