import { GraphQLError } from "graphql";
import { pageWindow } from "../../../domain/crm/booking/booking-page.js";
import { findDealsPage } from "../../../domain/crm/deal/deal-page.repository.js";
import { DomainError } from "../../../platform/errors/domain-error.js";
import { builder } from "../../builder.js";
import { viewerOf } from "./crm-context.js";
import { DealRef, DealStatusEnum } from "./crm-types.js";
import { visibleDealsWhere } from "./crm-visibility.js";

const MAX_PAGE = 100;
const DEFAULT_PAGE = 20;

const DealFilter = builder.inputType("DealFilter", {
  fields: (t) => ({
    status: t.field({ type: [DealStatusEnum], required: false }),
    tenantId: t.id({ required: false, description: "DeveloperId the deal is engaged with" }),
  }),
});

builder.queryField("deals", (t) =>
  t.connection({
    type: DealRef,
    description: `Deals you may read (your own as agent or investor, your developer's as developer staff, all for pin_manager/admin), newest first, keyset cursors on (createdAt, id). Page size ≤ ${MAX_PAGE}. A malformed cursor fails with CRM_INVALID_CURSOR.`,
    authScopes: { authenticated: true },
    args: { filter: t.arg({ type: DealFilter, required: false }) },
    resolve: (_root, args, ctx) => {
      const viewer = viewerOf(ctx);
      const filter = args.filter ?? {};
      let window: ReturnType<typeof pageWindow>;
      try {
        window = pageWindow(args, DEFAULT_PAGE, MAX_PAGE);
      } catch (error) {
        if (error instanceof DomainError)
          throw new GraphQLError(error.message, { extensions: { code: error.code } });
        throw error;
      }
      return findDealsPage(
        ctx.deps.db,
        {
          AND: [
            visibleDealsWhere(viewer),
            filter.status ? { status: { in: filter.status } } : {},
            filter.tenantId ? { tenantId: String(filter.tenantId) } : {},
          ],
        },
        window,
      );
    },
  }),
);
