import { Prisma } from "../../../generated/prisma/client.js";
const TYPO_SIMILARITY_MIN = 0.35;
const TYPO_ALTERNATIVES_MAX = 3;
const CORRECTION_SHAPE = /^[\p{L}\s|&()]+$/u;
function typoCorrectionSql(s) {
  return Prisma.sql`
    WITH probe AS (SELECT EXISTS (SELECT 1 FROM catalog.property_object_cards
      WHERE status = 'Published' AND search_document @@ websearch_to_tsquery('russian', ${s.text})) AS hit)
    SELECT probe.hit,
      CASE WHEN probe.hit THEN NULL
        ELSE (SELECT CASE WHEN count(*) > 0 AND count(*) = count(x.alternatives)
                          THEN string_agg('(' || x.alternatives || ')', ' & ') END
              FROM (SELECT (SELECT string_agg(v.word, ' | ')
                            FROM (SELECT s.word FROM catalog.search_words s
                                  WHERE s.word % w.word AND similarity(w.word, s.word) >= ${TYPO_SIMILARITY_MIN}::real
                                  ORDER BY similarity(w.word, s.word) DESC, s.word
                                  LIMIT ${TYPO_ALTERNATIVES_MAX}) v) AS alternatives
                    FROM unnest(${[...s.fixable]}::text[]) AS w(word)
                    -- a stop word («для») is dropped by the full text anyway: it needs no correction
                    WHERE numnode(plainto_tsquery('russian', w.word)) > 0) x)
      END AS corrected
    FROM probe`;
}
async function withTypoFallback(db, f, enabled) {
  const s = f.search;
  if (!s || !enabled || s.fixable.length === 0) return f;
  const [row] = await db.$queryRaw(typoCorrectionSql(s));
  const corrected = row?.corrected ?? null;
  if (row?.hit !== false || corrected === null || !CORRECTION_SHAPE.test(corrected)) return f;
  return { ...f, search: { ...s, corrected } };
}
export {
  TYPO_ALTERNATIVES_MAX,
  TYPO_SIMILARITY_MIN,
  typoCorrectionSql,
  withTypoFallback
};
//# sourceMappingURL=typo-fallback.js.map
