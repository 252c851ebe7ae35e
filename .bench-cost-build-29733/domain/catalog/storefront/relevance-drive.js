import { Prisma } from "../../../generated/prisma/client.js";
import { lotPredicate } from "./lot-filter.js";
const SELECTIVE_MATCH_SHARE_MAX = 0.08;
const BREAK_EVEN_MARGIN = 0.8;
function selectiveShare(cap, published) {
  return Math.min(SELECTIVE_MATCH_SHARE_MAX, BREAK_EVEN_MARGIN * Math.sqrt((cap + 1) / published));
}
function relevanceDriveFor(e, cap) {
  if (!(e.published > 0) || !Number.isFinite(e.matches)) return "newest";
  return e.matches < selectiveShare(cap, e.published) * e.published ? "match" : "newest";
}
function sortedDriveFor(e, take) {
  return relevanceDriveFor(e, take) === "match" ? "match" : "walk";
}
function matchEstimateFromPlan(plan) {
  const [matches, published] = plan.Plans ?? [];
  return { matches: matches?.["Plan Rows"] ?? Number.NaN, published: published?.["Plan Rows"] ?? 0 };
}
function matchEstimateSql(f) {
  return Prisma.sql`EXPLAIN (FORMAT JSON)
    SELECT 1 FROM catalog.property_object_cards WHERE ${lotPredicate(f)}
    UNION ALL SELECT 1 FROM catalog.property_object_cards WHERE status = 'Published'`;
}
async function estimateMatch(db, f) {
  const rows = await db.$queryRaw(matchEstimateSql(f));
  const plan = rows[0]?.["QUERY PLAN"][0]?.Plan;
  return plan ? matchEstimateFromPlan(plan) : { matches: Number.NaN, published: 0 };
}
export {
  SELECTIVE_MATCH_SHARE_MAX,
  estimateMatch,
  matchEstimateFromPlan,
  matchEstimateSql,
  relevanceDriveFor,
  selectiveShare,
  sortedDriveFor
};
//# sourceMappingURL=relevance-drive.js.map
