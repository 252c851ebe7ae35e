import { crmPaging } from "../../../domain/crm/crm.reads.js";
import { builder } from "../../builder.js";
import { connectionPage } from "../connection-page.js";
import { viewerOf } from "./crm-context.js";
import { DealRef, DealStatusEnum } from "./crm-types.js";
const DealFilter = builder.inputType("DealFilter", {
  description: "Narrows the deals list; every given field must match, an omitted one matches all.",
  fields: (t) => ({
    status: t.field({ type: [DealStatusEnum], required: false, description: "Any of these statuses" }),
    tenantId: t.id({ required: false, description: "DeveloperId the deal is engaged with" })
  })
});
builder.queryField(
  "deals",
  (t) => t.connection({
    type: DealRef,
    description: `Deals you may read (your own as agent or investor, your developer's as developer staff, all for pin_manager/admin), newest first, keyset cursors on (createdAt, id). Page size \u2264 ${crmPaging.maxSize}. A malformed cursor fails with CRM_INVALID_CURSOR.`,
    authScopes: { authenticated: true },
    args: { filter: t.arg({ type: DealFilter, required: false }) },
    resolve: (_root, args, ctx) => {
      const filter = args.filter ?? {};
      return connectionPage(
        () => ctx.deps.services.crm.reads.dealsPage(
          viewerOf(ctx),
          { status: filter.status, tenantId: filter.tenantId ? String(filter.tenantId) : null },
          args
        )
      );
    }
  })
);
//# sourceMappingURL=deals-query.js.map
