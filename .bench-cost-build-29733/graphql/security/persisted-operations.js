import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { usePersistedOperations } from "@graphql-yoga/plugin-persisted-operations";
import { getOperationAST, parse } from "graphql";
const PERSISTED_ERROR = {
  notInList: "PERSISTED_QUERY_NOT_IN_LIST",
  idRequired: "PERSISTED_QUERY_ID_REQUIRED",
  documentSent: "CANNOT_SEND_PQ_ID_AND_BODY"
};
const SHA256_HEX = /^[0-9a-f]{64}$/;
function persistedIdOf(params) {
  const documentId = params.documentId;
  if (typeof documentId === "string") {
    const hash = documentId.startsWith("sha256:") ? documentId.slice(7) : documentId;
    return SHA256_HEX.test(hash) ? hash : documentId.slice(0, 128);
  }
  const extensions = params.extensions;
  const persisted = extensions?.persistedQuery;
  if (persisted && typeof persisted.sha256Hash === "string" && (persisted.version ?? 1) === 1)
    return persisted.sha256Hash;
  return null;
}
function persistedMessageReviver(key, value) {
  if (key !== "" || typeof value !== "object" || value === null) return value;
  const message = value;
  const payload = message.payload;
  if (message.type !== "subscribe" || typeof payload !== "object" || payload === null) return value;
  if (payload.query !== void 0 || persistedIdOf(payload) === null) return value;
  return { ...message, payload: { ...payload, query: "" } };
}
function persistedOperationsPlugin(path) {
  if (!path) return { plugin: null, operationNames: [], lookup: null };
  const manifest = JSON.parse(readFileSync(path, "utf8"));
  const store = /* @__PURE__ */ new Map();
  const operationNames = [];
  for (const [hash, document] of Object.entries(manifest)) {
    const actual = createHash("sha256").update(document).digest("hex");
    if (actual !== hash)
      throw new Error(`persisted operation ${hash.slice(0, 12)}\u2026 does not match its document`);
    store.set(hash, document);
    const name = getOperationAST(parse(document))?.name?.value;
    if (name) operationNames.push(name);
  }
  const plugin = usePersistedOperations({
    allowArbitraryOperations: false,
    extractPersistedOperationId: (params, request) => persistedIdOf({
      documentId: params.documentId ?? documentIdOfUrl(request.url),
      extensions: params.extensions
    }),
    getPersistedOperation: (key) => store.get(key) ?? null
  });
  const lookup = (params) => {
    if (typeof params.query === "string" && params.query !== "")
      return { ok: false, code: PERSISTED_ERROR.documentSent, message: "PersistedQueryOnly" };
    const id = persistedIdOf(params);
    if (id === null)
      return { ok: false, code: PERSISTED_ERROR.idRequired, message: "PersistedQueryKeyNotFound" };
    const document = store.get(id);
    if (document === void 0)
      return { ok: false, code: PERSISTED_ERROR.notInList, message: "PersistedQueryNotFound" };
    return { ok: true, document };
  };
  return { plugin, operationNames, lookup };
}
function documentIdOfUrl(url) {
  const at = url.indexOf("?");
  if (at < 0) return void 0;
  return new URLSearchParams(url.slice(at + 1)).get("documentId") ?? void 0;
}
export {
  PERSISTED_ERROR,
  persistedIdOf,
  persistedMessageReviver,
  persistedOperationsPlugin
};
//# sourceMappingURL=persisted-operations.js.map
