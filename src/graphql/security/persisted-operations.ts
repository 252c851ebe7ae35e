import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { usePersistedOperations } from "@graphql-yoga/plugin-persisted-operations";
import { getOperationAST, parse } from "graphql";
import type { Plugin } from "graphql-yoga";

/**
 * Persisted-operation error codes: Yoga's plugin defaults (GraphQL-over-HTTP persisted documents),
 * the same over HTTP and graphql-ws (docs/guide/errors.md).
 */
export const PERSISTED_ERROR = {
  notInList: "PERSISTED_QUERY_NOT_IN_LIST",
  idRequired: "PERSISTED_QUERY_ID_REQUIRED",
  documentSent: "CANNOT_SEND_PQ_ID_AND_BODY",
} as const;

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * The persisted id of a request: `documentId` (GraphQL-over-HTTP persisted documents; plain or
 * `sha256:`-prefixed) or Apollo's `extensions.persistedQuery.sha256Hash` (version 1 or unset).
 */
export function persistedIdOf(params: { documentId?: unknown; extensions?: unknown }): string | null {
  const documentId = params.documentId;
  if (typeof documentId === "string") {
    const hash = documentId.startsWith("sha256:") ? documentId.slice(7) : documentId;
    return SHA256_HEX.test(hash) ? hash : documentId.slice(0, 128);
  }
  const extensions = params.extensions as
    | { persistedQuery?: { version?: unknown; sha256Hash?: unknown } }
    | null
    | undefined;
  const persisted = extensions?.persistedQuery;
  if (persisted && typeof persisted.sha256Hash === "string" && (persisted.version ?? 1) === 1)
    return persisted.sha256Hash;
  return null;
}

/**
 * graphql-ws validates a subscribe message before any hook and requires `query` (closing the
 * socket 4400 without it), so a persisted operation's message — an id and no document — gets an
 * empty `query` while it is parsed (a JSON reviver of the root value); onSubscribe resolves the id.
 */
export function persistedMessageReviver(this: unknown, key: string, value: unknown): unknown {
  if (key !== "" || typeof value !== "object" || value === null) return value;
  const message = value as { type?: unknown; payload?: Record<string, unknown> };
  const payload = message.payload;
  if (message.type !== "subscribe" || typeof payload !== "object" || payload === null) return value;
  if (payload.query !== undefined || persistedIdOf(payload) === null) return value;
  return { ...message, payload: { ...payload, query: "" } };
}

export type PersistedLookup =
  | { readonly ok: true; readonly document: string }
  | { readonly ok: false; readonly code: string; readonly message: string };

/**
 * Persisted operations only (PIN_GRAPHQL_PERSISTED_OPERATIONS, decision 0145): the manifest maps
 * a SHA-256 of each document to the document; clients send `documentId` or
 * `extensions.persistedQuery.sha256Hash`, and no arbitrary document is accepted. The manifest's
 * operation names are also the known names metrics label by.
 */
export function persistedOperationsPlugin(path: string | null): {
  plugin: Plugin | null;
  operationNames: string[];
  /** For graphql-ws: the document of a subscribe message, or the refusal (Yoga's codes). */
  lookup:
    | ((params: { query?: unknown; documentId?: unknown; extensions?: unknown }) => PersistedLookup)
    | null;
} {
  if (!path) return { plugin: null, operationNames: [], lookup: null };
  const manifest = JSON.parse(readFileSync(path, "utf8")) as Record<string, string>;
  const store = new Map<string, string>();
  const operationNames: string[] = [];
  for (const [hash, document] of Object.entries(manifest)) {
    const actual = createHash("sha256").update(document).digest("hex");
    if (actual !== hash)
      throw new Error(`persisted operation ${hash.slice(0, 12)}… does not match its document`);
    store.set(hash, document);
    const name = getOperationAST(parse(document))?.name?.value;
    if (name) operationNames.push(name);
  }
  const plugin = usePersistedOperations({
    allowArbitraryOperations: false,
    extractPersistedOperationId: (params, request) =>
      persistedIdOf({
        documentId: (params as { documentId?: unknown }).documentId ?? documentIdOfUrl(request.url),
        extensions: params.extensions,
      }),
    getPersistedOperation: (key) => store.get(key) ?? null,
  }) as Plugin;
  const lookup = (params: {
    query?: unknown;
    documentId?: unknown;
    extensions?: unknown;
  }): PersistedLookup => {
    if (typeof params.query === "string" && params.query !== "")
      return { ok: false, code: PERSISTED_ERROR.documentSent, message: "PersistedQueryOnly" };
    const id = persistedIdOf(params);
    if (id === null)
      return { ok: false, code: PERSISTED_ERROR.idRequired, message: "PersistedQueryKeyNotFound" };
    const document = store.get(id);
    if (document === undefined)
      return { ok: false, code: PERSISTED_ERROR.notInList, message: "PersistedQueryNotFound" };
    return { ok: true, document };
  };
  return { plugin, operationNames, lookup };
}

/** GET /graphql?documentId=… (yoga's GET parser keeps only the four standard parameters). */
function documentIdOfUrl(url: string): string | undefined {
  const at = url.indexOf("?");
  if (at < 0) return undefined;
  return new URLSearchParams(url.slice(at + 1)).get("documentId") ?? undefined;
}
