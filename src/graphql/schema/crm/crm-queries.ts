import { GraphQLError } from "graphql";
import { canPerform } from "../../../domain/crm/access/crm-access.rules.js";
import { bookingFromRow, dealFromRow } from "../../../domain/crm/booking/booking.repository.js";
import { pageWindow } from "../../../domain/crm/booking/booking-page.js";
import { findBookingsPage } from "../../../domain/crm/booking/booking-page.repository.js";
import { crmErrors } from "../../../domain/crm/crm.errors.js";
import { DomainError } from "../../../platform/errors/domain-error.js";
import { builder } from "../../builder.js";
import { viewerOf } from "./crm-context.js";
import { BookingRef, BookingStatusEnum, DealRef } from "./crm-types.js";
import { visibleDealsWhere } from "./crm-visibility.js";

const MAX_PAGE = 100;
const DEFAULT_PAGE = 20;

const BookingFilter = builder.inputType("BookingFilter", {
  fields: (t) => ({
    status: t.field({ type: [BookingStatusEnum], required: false }),
    dealId: t.id({ required: false }),
    propertyObjectId: t.id({ required: false }),
    tenantId: t.id({ required: false }),
  }),
});

builder.queryField("booking", (t) =>
  t.field({
    type: BookingRef,
    description: "One booking. Errors: CRM_BOOKING_NOT_FOUND (also when you may not read its deal).",
    authScopes: { authenticated: true },
    errors: {},
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const viewer = viewerOf(ctx);
      const id = String(args.id);
      const row = await ctx.deps.db.crmBooking.findUnique({ where: { id }, include: { deal: true } });
      if (!row || !canPerform(viewer, "read", dealFromRow(row.deal))) throw crmErrors.bookingNotFound(id);
      return bookingFromRow(row);
    },
  }),
);

builder.queryField("deal", (t) =>
  t.field({
    type: DealRef,
    description:
      "One deal with its bookings and timeline. Errors: CRM_DEAL_NOT_FOUND (also when not visible to you).",
    authScopes: { authenticated: true },
    errors: {},
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const viewer = viewerOf(ctx);
      const id = String(args.id);
      const row = await ctx.deps.db.crmDeal.findUnique({ where: { id } });
      const deal = row ? dealFromRow(row) : null;
      if (!deal || !canPerform(viewer, "read", deal)) throw crmErrors.dealNotFound(id);
      return deal;
    },
  }),
);

/**
 * The connection keeps the plain Relay shape (no result union), so a bad cursor surfaces as a
 * GraphQL error carrying the stable code instead of being masked as an internal error.
 */
function windowOrGraphQLError(args: Parameters<typeof pageWindow>[0]) {
  try {
    return pageWindow(args, DEFAULT_PAGE, MAX_PAGE);
  } catch (error) {
    if (error instanceof DomainError) {
      throw new GraphQLError(error.message, { extensions: { code: error.code, details: error.details } });
    }
    throw error;
  }
}

builder.queryField("bookings", (t) =>
  t.connection({
    type: BookingRef,
    description: `Bookings you may read (deal participants, the developer's staff, pin_manager, admin), newest first, keyset cursors on (createdAt, id): pass endCursor as after for the next page. Page size ≤ ${MAX_PAGE}. A malformed cursor fails with CRM_INVALID_CURSOR.`,
    authScopes: { authenticated: true },
    args: { filter: t.arg({ type: BookingFilter, required: false }) },
    resolve: (_root, args, ctx) => {
      const viewer = viewerOf(ctx);
      const filter = args.filter ?? {};
      const window = windowOrGraphQLError(args);
      return findBookingsPage(
        ctx.deps.db,
        {
          deal: visibleDealsWhere(viewer),
          ...(filter.status ? { status: { in: filter.status } } : {}),
          ...(filter.dealId ? { dealId: String(filter.dealId) } : {}),
          ...(filter.propertyObjectId ? { propertyObjectId: String(filter.propertyObjectId) } : {}),
          ...(filter.tenantId ? { tenantId: String(filter.tenantId) } : {}),
        },
        window,
      );
    },
  }),
);
