import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { usePersistedOperations } from "@graphql-yoga/plugin-persisted-operations";
import { getOperationAST, parse } from "graphql";
import type { Plugin } from "graphql-yoga";

/**
 * Persisted operations only (PIN_GRAPHQL_PERSISTED_OPERATIONS, decision 0145): the manifest maps
 * a SHA-256 of each document to the document; clients send `extensions.persistedQuery.sha256Hash`
 * (or `documentId`) and no arbitrary document is accepted. The manifest's operation names are
 * also the known names metrics label by.
 */
export function persistedOperationsPlugin(path: string | null): {
  plugin: Plugin | null;
  operationNames: string[];
  /** For graphql-ws: the document of a subscribe message, or null when it is not a known persisted one. */
  documentOf: ((params: { query?: unknown; extensions?: unknown }) => string | null) | null;
} {
  if (!path) return { plugin: null, operationNames: [], documentOf: null };
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
    getPersistedOperation: (key) => store.get(key) ?? null,
  }) as Plugin;
  const documentOf = (params: { query?: unknown; extensions?: unknown }) => {
    const extensions = params.extensions as { persistedQuery?: { sha256Hash?: unknown } } | undefined;
    const hash = extensions?.persistedQuery?.sha256Hash;
    return typeof hash === "string" ? (store.get(hash) ?? null) : null;
  };
  return { plugin, operationNames, documentOf };
}
