import { GraphQLError } from "graphql";
import { LIMITS } from "./limits.js";
const DOCUMENT_TOO_DEEP = "DOCUMENT_TOO_DEEP";
function nestedDeeperThan(source, max) {
  let depth = 0;
  const n = source.length;
  for (let i = 0; i < n; i++) {
    const ch = source.charCodeAt(i);
    if (ch === 35) {
      while (i < n && source.charCodeAt(i) !== 10 && source.charCodeAt(i) !== 13) i++;
    } else if (ch === 34) {
      if (source.startsWith('"""', i)) {
        i += 3;
        while (i < n && !(source.startsWith('"""', i) && source.charCodeAt(i - 1) !== 92)) i++;
        i += 2;
      } else {
        for (i++; i < n && source.charCodeAt(i) !== 34; i++) {
          if (source.charCodeAt(i) === 92) i++;
          else if (source.charCodeAt(i) === 10) break;
        }
      }
    } else if (ch === 91 || ch === 123 || ch === 40) {
      if (++depth > max) return true;
    } else if (ch === 93 || ch === 125 || ch === 41) {
      depth--;
    }
  }
  return false;
}
function documentTooDeepError() {
  return new GraphQLError(
    `The document nests brackets deeper than ${LIMITS.maxDocumentNesting} (selections, arguments, lists, objects)`,
    { extensions: { code: DOCUMENT_TOO_DEEP, http: { status: 400 } } }
  );
}
function useDocumentDepthGuard() {
  return {
    onParse({ params }) {
      const source = typeof params.source === "string" ? params.source : params.source.body;
      if (nestedDeeperThan(source, LIMITS.maxDocumentNesting)) throw documentTooDeepError();
    }
  };
}
export {
  DOCUMENT_TOO_DEEP,
  documentTooDeepError,
  nestedDeeperThan,
  useDocumentDepthGuard
};
//# sourceMappingURL=document-depth.js.map
