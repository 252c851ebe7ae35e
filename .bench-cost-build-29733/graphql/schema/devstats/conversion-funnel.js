import {
  conversionRatios,
  FUNNEL_STAGES
} from "../../../domain/devstats/funnel.js";
import { builder } from "../../builder.js";
import { devstatsOf } from "./devstats-context.js";
const FunnelStageEnum = builder.enumType("FunnelStage", {
  description: "Stages of the conversion funnel, in order.",
  values: Object.fromEntries(FUNNEL_STAGES.map((s) => [s.toUpperCase(), { value: s }]))
});
const FunnelGroupByEnum = builder.enumType("FunnelGroupBy", {
  description: "Whether conversionFunnel also returns per-day rows.",
  values: {
    DAY: { description: "One row per day (UTC)" },
    TOTAL: { description: "Only the totals" }
  }
});
const FunnelCounts = builder.objectRef("FunnelCounts").implement({
  description: "Distinct counts per stage (uniqMerge); a stage nobody fills yet is 0.",
  fields: (t) => ({
    views: t.int({ resolve: (c) => c.Views, description: "Views stage, distinct count" }),
    favorites: t.int({ resolve: (c) => c.Favorites, description: "Favorites stage, distinct count" }),
    selections: t.int({ resolve: (c) => c.Selections, description: "Selections stage, distinct count" }),
    leads: t.int({ resolve: (c) => c.Leads, description: "Leads stage, distinct count" }),
    bookings: t.int({ resolve: (c) => c.Bookings, description: "Bookings created, distinct" }),
    deals: t.int({ resolve: (c) => c.Deals, description: "Deals whose sale started, distinct" })
  })
});
const FunnelRatio = builder.objectRef("FunnelRatio").implement({
  description: "Conversion between consecutive filled stages (to / from; stages with 0 in this slice are stepped over). A day's counts are not a cohort: its ratio can exceed 1.",
  fields: (t) => ({
    from: t.field({ type: FunnelStageEnum, resolve: (r) => r.from, description: "The earlier stage" }),
    to: t.field({ type: FunnelStageEnum, resolve: (r) => r.to, description: "The later stage" }),
    ratio: t.float({ resolve: (r) => r.ratio, description: "to / from, \u2265 0" })
  })
});
const FunnelDay = builder.objectRef("FunnelDay").implement({
  description: "The funnel of one day (UTC) of the range.",
  fields: (t) => ({
    day: t.string({ description: "YYYY-MM-DD (UTC)", resolve: (d) => d.day }),
    counts: t.field({ type: FunnelCounts, description: "Distinct over this day", resolve: (d) => d.counts }),
    ratios: t.field({
      type: [FunnelRatio],
      description: "Conversions of this day",
      resolve: (d) => conversionRatios(d.counts)
    })
  })
});
const ConversionFunnel = builder.objectRef("ConversionFunnel").implement({
  description: "A developer's sales funnel (views \u2192 favorites \u2192 selections \u2192 leads \u2192 bookings \u2192 deals) over a day range.",
  fields: (t) => ({
    developerId: t.id({ description: "The developer counted", resolve: (f) => f.developerId }),
    from: t.string({ description: "First day, YYYY-MM-DD (UTC)", resolve: (f) => f.from }),
    to: t.string({ description: "Last day, YYYY-MM-DD (UTC), inclusive", resolve: (f) => f.to }),
    counts: t.field({
      type: FunnelCounts,
      description: "Distinct over the whole range",
      resolve: (f) => f.counts
    }),
    ratios: t.field({
      type: [FunnelRatio],
      description: "Conversions over the whole range",
      resolve: (f) => conversionRatios(f.counts)
    }),
    days: t.field({ type: [FunnelDay], description: "Empty unless groupBy = DAY", resolve: (f) => f.days })
  })
});
const ConversionFunnelFilter = builder.inputType("ConversionFunnelFilter", {
  description: "Which slice of a developer's funnel to count: a day range, optionally narrowed to one project, building, layout or object.",
  fields: (t) => ({
    developerId: t.id({
      required: false,
      description: "Platform staff: required. Developer staff: own only."
    }),
    projectId: t.id({ required: false, description: "Only this project; omit for all" }),
    buildingId: t.id({ required: false, description: "Only this building; omit for all" }),
    layoutGroupId: t.id({ required: false, description: "Only this layout group; omit for all" }),
    layoutId: t.id({ required: false, description: "Only this layout; omit for all" }),
    propertyObjectId: t.id({ required: false, description: "Only this property object; omit for all" }),
    from: t.string({ required: true, description: "First day, YYYY-MM-DD (UTC)" }),
    to: t.string({ required: true, description: "Last day, YYYY-MM-DD (UTC), at most 731 days after from" }),
    groupBy: t.field({
      type: FunnelGroupByEnum,
      required: false,
      defaultValue: "TOTAL",
      description: "TOTAL (default) or also per DAY"
    })
  })
});
const optional = (v) => v === null || v === void 0 ? null : String(v);
builder.queryField(
  "conversionFunnel",
  (t) => t.field({
    type: ConversionFunnel,
    description: "Funnel of one developer from ClickHouse (uniqMerge, no FINAL): Bookings from booking-created, Deals from deal-sale-started; ratios between consecutive filled stages for the total and per day. Developer staff see their own developer; platform staff name one. Errors: DEVSTATS_FORBIDDEN, DEVSTATS_DEVELOPER_REQUIRED, DEVSTATS_FILTER_INVALID, DEVSTATS_ANALYTICS_UNAVAILABLE.",
    authScopes: { authenticated: true },
    errors: {},
    args: { filter: t.arg({ type: ConversionFunnelFilter, required: true }) },
    resolve: async (_root, { filter }, ctx) => {
      const result = await devstatsOf(ctx).reads.conversionFunnel(ctx.viewer, {
        developerId: optional(filter.developerId),
        projectId: optional(filter.projectId),
        buildingId: optional(filter.buildingId),
        layoutGroupId: optional(filter.layoutGroupId),
        layoutId: optional(filter.layoutId),
        propertyObjectId: optional(filter.propertyObjectId),
        from: filter.from,
        to: filter.to,
        groupBy: filter.groupBy ?? "TOTAL"
      });
      return { ...result, days: result.days.map(({ Day, ...counts }) => ({ day: Day, counts })) };
    }
  })
);
//# sourceMappingURL=conversion-funnel.js.map
