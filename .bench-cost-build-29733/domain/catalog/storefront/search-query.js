import { Prisma } from "../../../generated/prisma/client.js";
import { invalidFilter } from "../catalog.errors.js";
const QUERY_MAX_LENGTH = 200;
const QUERY_WORDS_MAX = 8;
const TYPO_WORD_MIN = 3;
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g;
function foldSearchText(value) {
  return value.toLowerCase().replaceAll("\u0451", "\u0435");
}
function parseSearchQuery(q) {
  if (q === null || q === void 0) return null;
  if (q.length > QUERY_MAX_LENGTH) throw invalidFilter("q", `at most ${QUERY_MAX_LENGTH} characters`);
  const text = foldSearchText(q.replace(INVISIBLE, " ")).replace(/\s+/g, " ").trim();
  if (text === "") return null;
  const words = new RegExp("\\p{N}", "u").test(text) ? [] : [
    ...new Set(
      text.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= TYPO_WORD_MIN).slice(0, QUERY_WORDS_MAX)
    )
  ];
  const tokens = text.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== "");
  const websearch = /["]|(^|\s)-\S|(^|\s)or(\s|$)/u.test(text);
  const isFixable = (w) => w.length >= TYPO_WORD_MIN && w.length <= 64 && new RegExp("^\\p{L}+$", "u").test(w);
  const fixable = websearch ? [] : [...new Set(tokens.filter(isFixable))].slice(0, QUERY_WORDS_MAX);
  const kept = websearch ? "" : tokens.filter((w) => !isFixable(w)).join(" ");
  const plain = !websearch && !/['\\]/u.test(text);
  return { text, words, typoTolerant: false, fixable, kept, plain };
}
const tsquery = (s) => Prisma.sql`websearch_to_tsquery('russian', ${s.text})`;
const correctedTsquery = (s, corrected) => s.kept ? Prisma.sql`(to_tsquery('russian', ${corrected}) && websearch_to_tsquery('russian', ${s.kept}))` : Prisma.sql`to_tsquery('russian', ${corrected})`;
function searchMatchSql(s) {
  if (s.corrected) return Prisma.sql`search_document @@ ${correctedTsquery(s, s.corrected)}`;
  const fullText = Prisma.sql`search_document @@ ${tsquery(s)}`;
  if (!s.typoTolerant || s.words.length === 0) return fullText;
  const similar = Prisma.join(
    s.words.map((w) => Prisma.sql`search_text %> ${w}`),
    " AND "
  );
  return Prisma.sql`(${fullText} OR (${similar}))`;
}
function searchRankSql(s) {
  if (s.corrected)
    return Prisma.sql`round((ts_rank('{0.1, 0.2, 0.4, 1.0}', search_document, ${correctedTsquery(s, s.corrected)}))::numeric, 6)`;
  const rank = Prisma.sql`ts_rank('{0.1, 0.2, 0.4, 1.0}', search_document, ${tsquery(s)})`;
  const score = s.typoTolerant ? Prisma.sql`${rank} + 0.1 * word_similarity(${s.text}, search_text)` : rank;
  return Prisma.sql`round((${score})::numeric, 6)`;
}
export {
  QUERY_MAX_LENGTH,
  QUERY_WORDS_MAX,
  foldSearchText,
  parseSearchQuery,
  searchMatchSql,
  searchRankSql,
  tsquery
};
//# sourceMappingURL=search-query.js.map
