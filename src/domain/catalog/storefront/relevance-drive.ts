/**
 * How a capped RELEVANCE page finds its candidates (decision 0510, revising the walk of 0480):
 * - "newest": walk lots_newest_idx and stop after cap + 1 matches — cheap when many lots match
 *   (≈ cap / share rows looked at: 6,300 for a 15 % q), dear when few do (a 3.9 % q: 23,700 rows,
 *   each a heap fetch and a tsvector match);
 * - "match": read the whole match from the full-text GIN index (≈ share × cards rows, no tsvector
 *   test per row) and top-N sort it by the same NEWEST order.
 * Both give the same candidates; the read path picks one from the planner's estimate of the
 * filter's match against the published cards (its statistics: one EXPLAIN, no rows read).
 */
import { Prisma } from "../../../generated/prisma/client.js";
import type { Db } from "../../../platform/db/prisma-client.js";
import { type LotFilter, lotPredicate } from "./lot-filter.js";

export type RelevanceDrive = "newest" | "match";

/**
 * The match drives below this estimated share of the published cards. The walk looks at ≈ cap /
 * share rows, the match reads ≈ share × published: they cost alike near share = √(cap / published)
 * (≈ 10 % at 100k cards and a cap of 1,000) — the bound used, 0.8 × that, at most
 * SELECTIVE_MATCH_SHARE_MAX. Measured (decision 0510, 100k cards): the match wins 2–3× at 2–4 %
 * actual share and loses ≈ 1.6× at 12 %; the planner puts a project word and a title digit
 * («Северный 1», 3.9 % actual) at 6.0–6.2 % (the independence of two common lexemes).
 */
export const SELECTIVE_MATCH_SHARE_MAX = 0.08;
const BREAK_EVEN_MARGIN = 0.8;

/** The share below which the match drives, for a cap and a published count. */
export function selectiveShare(cap: number, published: number): number {
  return Math.min(SELECTIVE_MATCH_SHARE_MAX, BREAK_EVEN_MARGIN * Math.sqrt((cap + 1) / published));
}

/** The planner's row estimates: the filter's matches and the published cards. */
export interface MatchEstimate {
  readonly matches: number;
  readonly published: number;
}

/** Pure: the drive for an estimate and a cap (an empty or unknown catalogue walks: nothing to gain). */
export function relevanceDriveFor(e: MatchEstimate, cap: number): RelevanceDrive {
  if (!(e.published > 0) || !Number.isFinite(e.matches)) return "newest";
  return e.matches < selectiveShare(cap, e.published) * e.published ? "match" : "newest";
}

/**
 * How a sorted page with q (PRICE_ASC, AREA_DESC, NEWEST, DISTANCE…) reads (decision 0536): "walk"
 * leaves the plan to the planner, which walks the sort's index and tests each row until the page is
 * full — ≈ take / share rows, and every row when its estimate of the combined filters is high but
 * none match (q + city + rooms + class: 95,000 rows, 120–300 ms over 100k cards); "match" reads the
 * match first behind a fence, by whichever of the filter's indexes the planner picks (the city's
 * in that case, or the full-text GIN), and top-N sorts it. Same rows either way; the break-even share is RELEVANCE's with the page's
 * size for the cap.
 */
export type SortedDrive = "walk" | "match";

/** Pure: the drive of a sorted page of `take` rows for an estimate. */
export function sortedDriveFor(e: MatchEstimate, take: number): SortedDrive {
  return relevanceDriveFor(e, take) === "match" ? "match" : "walk";
}

interface PlanNode {
  "Plan Rows"?: number;
  Plans?: PlanNode[];
}

/** The two estimates from one EXPLAIN (planning only): the Append's children, in order. */
export function matchEstimateFromPlan(plan: PlanNode): MatchEstimate {
  const [matches, published] = plan.Plans ?? [];
  return { matches: matches?.["Plan Rows"] ?? Number.NaN, published: published?.["Plan Rows"] ?? 0 };
}

/** One EXPLAIN (planning only, no row read): the filter's match, then the published cards. */
export function matchEstimateSql(f: LotFilter): Prisma.Sql {
  return Prisma.sql`EXPLAIN (FORMAT JSON)
    SELECT 1 FROM catalog.property_object_cards WHERE ${lotPredicate(f)}
    UNION ALL SELECT 1 FROM catalog.property_object_cards WHERE status = 'Published'`;
}

export async function estimateMatch(db: Db, f: LotFilter): Promise<MatchEstimate> {
  const rows = await db.$queryRaw<Array<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>>(matchEstimateSql(f));
  const plan = rows[0]?.["QUERY PLAN"][0]?.Plan;
  return plan ? matchEstimateFromPlan(plan) : { matches: Number.NaN, published: 0 };
}
