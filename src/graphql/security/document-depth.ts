import { GraphQLError } from "graphql";
import type { Plugin } from "graphql-yoga";
import { LIMITS } from "./limits.js";

export const DOCUMENT_TOO_DEEP = "DOCUMENT_TOO_DEEP";

/**
 * Whether the document's brackets — selection sets `{}`, arguments `()`, list `[]` and object
 * literals — nest deeper than `max`, found by one scan of the text that skips strings, block
 * strings and comments. graphql-js parses recursively: a 5,000-deep list literal (10 KB) overflowed
 * the stack before the token limit was reached (issue #25), so this runs before any parsing.
 */
export function nestedDeeperThan(source: string, max: number): boolean {
  let depth = 0;
  const n = source.length;
  for (let i = 0; i < n; i++) {
    const ch = source.charCodeAt(i);
    if (ch === 0x23 /* # */) {
      while (i < n && source.charCodeAt(i) !== 0x0a && source.charCodeAt(i) !== 0x0d) i++;
    } else if (ch === 0x22 /* " */) {
      if (source.startsWith('"""', i)) {
        i += 3;
        while (i < n && !(source.startsWith('"""', i) && source.charCodeAt(i - 1) !== 0x5c)) i++;
        i += 2;
      } else {
        for (i++; i < n && source.charCodeAt(i) !== 0x22; i++) {
          if (source.charCodeAt(i) === 0x5c /* \ */) i++;
          else if (source.charCodeAt(i) === 0x0a) break;
        }
      }
    } else if (ch === 0x5b || ch === 0x7b || ch === 0x28 /* [ { ( */) {
      if (++depth > max) return true;
    } else if (ch === 0x5d || ch === 0x7d || ch === 0x29 /* ] } ) */) {
      depth--;
    }
  }
  return false;
}

export function documentTooDeepError(): GraphQLError {
  return new GraphQLError(
    `The document nests brackets deeper than ${LIMITS.maxDocumentNesting} (selections, arguments, lists, objects)`,
    { extensions: { code: DOCUMENT_TOO_DEEP, http: { status: 400 } } },
  );
}

/** Refuses a too deeply nested document before parsing (HTTP and graphql-ws share the envelop). Put it first. */
export function useDocumentDepthGuard(): Plugin {
  return {
    onParse({ params }) {
      const source = typeof params.source === "string" ? params.source : params.source.body;
      if (nestedDeeperThan(source, LIMITS.maxDocumentNesting)) throw documentTooDeepError();
    },
  };
}
