import { crmPaging } from "../../../domain/crm/crm.reads.js";
import { builder } from "../../builder.js";
import { connectionPage } from "../connection-page.js";
import { viewerOf } from "./crm-context.js";
import { BookingRef, BookingStatusEnum, DealRef } from "./crm-types.js";
const BookingFilter = builder.inputType("BookingFilter", {
  description: "Narrows the bookings list; every given field must match, an omitted one matches all.",
  fields: (t) => ({
    status: t.field({ type: [BookingStatusEnum], required: false, description: "Any of these statuses" }),
    dealId: t.id({ required: false, description: "Bookings of this deal" }),
    propertyObjectId: t.id({ required: false, description: "Bookings of this property object" }),
    tenantId: t.id({ required: false, description: "Bookings of this developer (tenant)" })
  })
});
builder.queryField(
  "booking",
  (t) => t.field({
    type: BookingRef,
    description: "One booking. Errors: CRM_BOOKING_NOT_FOUND (also when you may not read its deal).",
    authScopes: { authenticated: true },
    errors: {},
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.deps.services.crm.reads.booking(viewerOf(ctx), String(args.id))
  })
);
builder.queryField(
  "deal",
  (t) => t.field({
    type: DealRef,
    description: "One deal with its bookings and timeline. Errors: CRM_DEAL_NOT_FOUND (also when not visible to you).",
    authScopes: { authenticated: true },
    errors: {},
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.deps.services.crm.reads.deal(viewerOf(ctx), String(args.id))
  })
);
builder.queryField(
  "bookings",
  (t) => t.connection({
    type: BookingRef,
    description: `Bookings you may read (deal participants, the developer's staff, pin_manager, admin), newest first, keyset cursors on (createdAt, id): pass endCursor as after for the next page. Page size \u2264 ${crmPaging.maxSize}. A malformed cursor fails with CRM_INVALID_CURSOR.`,
    authScopes: { authenticated: true },
    args: { filter: t.arg({ type: BookingFilter, required: false }) },
    resolve: (_root, args, ctx) => {
      const filter = args.filter ?? {};
      return connectionPage(
        () => ctx.deps.services.crm.reads.bookingsPage(
          viewerOf(ctx),
          {
            status: filter.status,
            dealId: filter.dealId ? String(filter.dealId) : null,
            propertyObjectId: filter.propertyObjectId ? String(filter.propertyObjectId) : null,
            tenantId: filter.tenantId ? String(filter.tenantId) : null
          },
          args
        )
      );
    }
  })
);
//# sourceMappingURL=crm-queries.js.map
