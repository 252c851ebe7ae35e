/**
 * The storefront search box `q`: validated and normalised in TypeScript, matched in PostgreSQL.
 *
 * Folding happens here (JS toLowerCase is Unicode-aware, ё → е) and in the database's
 * catalog.search_fold for the documents, so neither side depends on the server's ctype (the
 * embedded PostgreSQL runs with --locale=C, where lower() leaves Cyrillic alone).
 *
 * Matching: the Russian full-text configuration (stemming: «Красногорске» finds «Красногорск»)
 * over the weighted search_document (GIN). Typos (decision 0440, revising the read path of 0361):
 * when the full text finds nothing and pg_trgm works on this server, the query's words are
 * corrected against the vocabulary of the cards' words (catalog.search_words, a few thousand rows,
 * trigram GIN) and the corrected query is matched by the same full-text index — the cards are never
 * trigram-scanned on a request. The alert worker keeps the trigram OR over one batch of lots
 * (`typoTolerant`), where it is cheap.
 */
import { Prisma } from "../../../generated/prisma/client.js";
import { invalidFilter } from "../catalog.errors.js";

export const QUERY_MAX_LENGTH = 200;
/** Words considered for typo matching: each costs a trigram index probe. */
export const QUERY_WORDS_MAX = 8;
const TYPO_WORD_MIN = 3;

export interface SearchQuery {
  /** Folded query text handed to websearch_to_tsquery('russian', …) */
  readonly text: string;
  /** Folded words (≥ 3 letters, at most QUERY_WORDS_MAX) for trigram matching; none when q has a digit */
  readonly words: readonly string[];
  /** Whether the trigram path is used (set from the server's capability, not by the caller) */
  readonly typoTolerant: boolean;
  /**
   * Letter-only words (≥ 3 letters, at most QUERY_WORDS_MAX) the typo fallback may correct against
   * the vocabulary; numbers and short words are kept exact (`kept`). Empty when q uses websearch
   * syntax (quotes, `or`, `-word`): a corrected query would lose it.
   */
  readonly fixable: readonly string[];
  /** The query's other words (numbers, 1–2 letters), matched exactly next to the corrected ones */
  readonly kept: string;
  /**
   * No websearch syntax (quotes, `or`, `-word`) and no apostrophe or backslash: its tsquery is an
   * AND of lexemes (a hyphenated word a phrase of its own parts) — what the facet groups of
   * decision 0534 can answer exactly.
   */
  readonly plain: boolean;
  /**
   * The typo fallback's correction (to_tsquery syntax over vocabulary words: `(a | b) & (c)`), set by
   * the read path when the full text found nothing (typo-fallback.ts); matched and ranked instead of q.
   */
  readonly corrected?: string | null;
}

// Control and format characters (C0, C1, zero-width, bidi controls) are never part of a search.
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g;

export function foldSearchText(value: string): string {
  return value.toLowerCase().replaceAll("ё", "е");
}

/** null for an absent or blank query; CATALOG_INVALID_FILTER for an over-long one. */
export function parseSearchQuery(q: string | null | undefined): SearchQuery | null {
  if (q === null || q === undefined) return null;
  if (q.length > QUERY_MAX_LENGTH) throw invalidFilter("q", `at most ${QUERY_MAX_LENGTH} characters`);
  const text = foldSearchText(q.replace(INVISIBLE, " ")).replace(/\s+/g, " ").trim();
  if (text === "") return null;
  // A number is never typo-matched: «2-комн.» would otherwise become «комн» and find every room count.
  const words = /\p{N}/u.test(text)
    ? []
    : [
        ...new Set(
          text
            .split(/[^\p{L}\p{N}]+/u)
            .filter((w) => w.length >= TYPO_WORD_MIN)
            .slice(0, QUERY_WORDS_MAX),
        ),
      ];
  const tokens = text.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== "");
  const websearch = /["]|(^|\s)-\S|(^|\s)or(\s|$)/u.test(text);
  const isFixable = (w: string) => w.length >= TYPO_WORD_MIN && w.length <= 64 && /^\p{L}+$/u.test(w);
  const fixable = websearch ? [] : [...new Set(tokens.filter(isFixable))].slice(0, QUERY_WORDS_MAX);
  const kept = websearch ? "" : tokens.filter((w) => !isFixable(w)).join(" ");
  const plain = !websearch && !/['\\]/u.test(text);
  return { text, words, typoTolerant: false, fixable, kept, plain };
}

export const tsquery = (s: SearchQuery) => Prisma.sql`websearch_to_tsquery('russian', ${s.text})`;

/** The corrected query (typo fallback): the corrected words and the kept ones, all required. */
const correctedTsquery = (s: SearchQuery, corrected: string) =>
  s.kept
    ? Prisma.sql`(to_tsquery('russian', ${corrected}) && websearch_to_tsquery('russian', ${s.kept}))`
    : Prisma.sql`to_tsquery('russian', ${corrected})`;

/** The match predicate (column names unqualified: the feed's single table). */
export function searchMatchSql(s: SearchQuery): Prisma.Sql {
  if (s.corrected) return Prisma.sql`search_document @@ ${correctedTsquery(s, s.corrected)}`;
  const fullText = Prisma.sql`search_document @@ ${tsquery(s)}`;
  if (!s.typoTolerant || s.words.length === 0) return fullText;
  const similar = Prisma.join(
    s.words.map((w) => Prisma.sql`search_text %> ${w}`),
    " AND ",
  );
  return Prisma.sql`(${fullText} OR (${similar}))`;
}

/**
 * Relevance, higher first, rounded to 6 places so a cursor carries it exactly: the full-text rank
 * (weights A title/project 1.0, B building/developer 0.4, C address 0.2) plus, with trigrams, the
 * query's word similarity to the text (a typo still ranks, below an exact hit).
 */
export function searchRankSql(s: SearchQuery): Prisma.Sql {
  if (s.corrected)
    return Prisma.sql`round((ts_rank('{0.1, 0.2, 0.4, 1.0}', search_document, ${correctedTsquery(s, s.corrected)}))::numeric, 6)`;
  const rank = Prisma.sql`ts_rank('{0.1, 0.2, 0.4, 1.0}', search_document, ${tsquery(s)})`;
  const score = s.typoTolerant ? Prisma.sql`${rank} + 0.1 * word_similarity(${s.text}, search_text)` : rank;
  return Prisma.sql`round((${score})::numeric, 6)`;
}
