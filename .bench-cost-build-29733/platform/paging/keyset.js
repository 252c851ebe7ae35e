import { ValidationError } from "../errors/domain-error.js";
import { isUuid } from "../validation/ids.js";
const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;
const SEPARATOR = "|";
function keysetPaging(options) {
  const prefix = options.prefix ?? "bk1";
  const defaultSize = options.defaultSize ?? DEFAULT_PAGE_SIZE;
  const maxSize = options.maxSize ?? MAX_PAGE_SIZE;
  const invalid = (message, details) => new ValidationError(options.errorCode, message, details);
  const encode = (p) => Buffer.from([prefix, p.createdAt.toISOString(), p.id].join(SEPARATOR), "utf8").toString("base64url");
  const decode = (cursor) => {
    const parts = Buffer.from(cursor, "base64url").toString("utf8").split(SEPARATOR);
    const [tag, at, id] = parts;
    if (parts.length !== 3 || tag !== prefix || !at || !id || !isUuid(id)) {
      throw invalid("Malformed cursor", { cursor });
    }
    const createdAt = new Date(at);
    if (Number.isNaN(createdAt.getTime())) throw invalid("Malformed cursor", { cursor });
    return { createdAt, id };
  };
  const clamp = (n) => {
    if (n !== null && n !== void 0 && n < 0) throw invalid("Page size must not be negative", { size: n });
    return Math.min(n ?? defaultSize, maxSize);
  };
  return {
    defaultSize,
    maxSize,
    encode,
    decode,
    window(args) {
      const backwards = args.last !== null && args.last !== void 0 || args.before && !args.after;
      if (backwards && (args.first === null || args.first === void 0)) {
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
          endCursor: edges.at(-1)?.cursor ?? null
        }
      };
    }
  };
}
function keysetRange(window) {
  const older = window.direction === "older";
  const from = window.from;
  const range = from ? older ? { OR: [{ createdAt: { lt: from.createdAt } }, { createdAt: from.createdAt, id: { lt: from.id } }] } : { OR: [{ createdAt: { gt: from.createdAt } }, { createdAt: from.createdAt, id: { gt: from.id } }] } : null;
  return { range, order: older ? "desc" : "asc" };
}
export {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  keysetPaging,
  keysetRange
};
//# sourceMappingURL=keyset.js.map
