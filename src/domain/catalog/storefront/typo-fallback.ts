/**
 * The typo fallback of the storefront search (decision 0440): when the full text finds no
 * published card for `q`, its letter words are corrected against the vocabulary of the cards'
 * words (catalog.search_words: a few thousand rows, trigram GIN) — each word's ≤ 3 most similar
 * vocabulary words (similarity ≥ TYPO_SIMILARITY_MIN) — and the corrected query is matched by the
 * full-text index like any other. One round trip answers both (the probe, then the correction only
 * when the probe found nothing). The cards are never trigram-scanned on a request: that was the
 * 1.2 s p99 of the first benchmark.
 */
import { Prisma } from "../../../generated/prisma/client.js";
import type { Db } from "../../../platform/db/prisma-client.js";
import type { LotFilter } from "./lot-filter.js";
import type { SearchQuery } from "./search-query.js";

/** A word's correction must be at least this similar (pg_trgm similarity, 0..1). */
export const TYPO_SIMILARITY_MIN = 0.35;
/** Corrections kept per word (its most similar vocabulary words, OR-ed). */
export const TYPO_ALTERNATIVES_MAX = 3;
/** A correction is vocabulary words (letters only), `|`, `&`, parentheses and spaces — nothing else. */
const CORRECTION_SHAPE = /^[\p{L}\s|&()]+$/u;

/**
 * `hit`: the full text finds a published card. `corrected`: when it does not, the corrected query
 * in to_tsquery syntax — null when a word (that is not a stop word) has no correction.
 */
export function typoCorrectionSql(s: SearchQuery): Prisma.Sql {
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

/**
 * The filter with the typo fallback applied: unchanged when there is no q, nothing to correct, the
 * server cannot (`enabled` false: decision 0361) or the full text finds something; otherwise its
 * search carries the correction (or stays as it is — matching nothing — when a word has none).
 */
export async function withTypoFallback(db: Db, f: LotFilter, enabled: boolean): Promise<LotFilter> {
  const s = f.search;
  if (!s || !enabled || s.fixable.length === 0) return f;
  const [row] = await db.$queryRaw<Array<{ hit: boolean; corrected: string | null }>>(typoCorrectionSql(s));
  const corrected = row?.corrected ?? null;
  if (row?.hit !== false || corrected === null || !CORRECTION_SHAPE.test(corrected)) return f;
  return { ...f, search: { ...s, corrected } };
}
