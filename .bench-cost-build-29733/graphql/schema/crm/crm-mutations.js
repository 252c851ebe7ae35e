import { CRM_ERROR_DOCS } from "../../../domain/crm/crm.errors.js";
import { builder } from "../../builder.js";
import { TEXT, text } from "../../scalars/index.js";
import { metaOf, viewerOf } from "./crm-context.js";
import { BookingRef, DealRef } from "./crm-types.js";
function describe(text2, codes) {
  const lines = codes.map((code) => `- ${code}: ${CRM_ERROR_DOCS[code]}`);
  return `${text2}

Errors:
${lines.join("\n")}`;
}
const ACCESS_CODES = ["CRM_FORBIDDEN"];
const REASON_DOC = "1..1000 characters of plain text (the booking-cancelled contract's limit); else INVALID_INPUT";
const BOOKING_LOOKUP = ["CRM_BOOKING_NOT_FOUND", "CRM_CONCURRENT_MODIFICATION", ...ACCESS_CODES];
const CancelledDeal = builder.objectRef("CancelDealPayload").implement({
  description: "The cancelled deal and the booking cancelled with it (null when it had no active one).",
  fields: (t) => ({
    deal: t.field({ type: DealRef, resolve: (p) => p.deal, description: "The deal, now Cancelled" }),
    cancelledBooking: t.field({
      type: BookingRef,
      nullable: true,
      resolve: (p) => p.cancelledBooking,
      description: "The booking cancelled with it; null when none was active"
    })
  })
});
builder.mutationField(
  "createDeal",
  (t) => t.field({
    type: DealRef,
    description: describe(
      "Create a Draft deal. Allowed: agent, investor (takes their own seat), pin_manager.",
      ["CRM_DEAL_PARTICIPANTS_MISSING", "CRM_DEAL_TITLE_INVALID", "CRM_DEAL_SEAT_NOT_YOURS", ...ACCESS_CODES]
    ),
    authScopes: { authenticated: true },
    errors: {},
    args: {
      title: t.arg.string({ required: true, validate: text(TEXT.short, "title") }),
      agentUserId: t.arg.id({ required: false }),
      investorUserId: t.arg.id({ required: false })
    },
    resolve: (_root, args, ctx) => ctx.deps.services.crm.commands.createDeal(viewerOf(ctx), {
      title: args.title,
      agentUserId: args.agentUserId ? String(args.agentUserId) : null,
      investorUserId: args.investorUserId ? String(args.investorUserId) : null
    })
  })
);
builder.mutationField(
  "engageDeveloper",
  (t) => t.field({
    type: DealRef,
    description: describe(
      "Draft \u2192 Application with the developer engaged. Allowed: the deal's agent/investor, pin_manager.",
      [
        "CRM_DEAL_NOT_FOUND",
        "CRM_DEAL_NOT_DRAFT",
        "CRM_DEVELOPER_UNKNOWN",
        "CRM_DEVELOPER_INACTIVE",
        "CRM_CONCURRENT_MODIFICATION",
        ...ACCESS_CODES
      ]
    ),
    authScopes: { authenticated: true },
    errors: {},
    args: { dealId: t.arg.id({ required: true }), developerId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.deps.services.crm.commands.engageDeveloper(
      viewerOf(ctx),
      String(args.dealId),
      String(args.developerId)
    )
  })
);
builder.mutationField(
  "createBooking",
  (t) => t.field({
    type: BookingRef,
    description: describe(
      "Start a booking (Reserved) on a Free property object of the deal's developer; publishes booking-created. Allowed: the deal's agent or investor, pin_manager.",
      [
        "CRM_DEAL_NOT_FOUND",
        "CRM_DEAL_NOT_ENGAGED",
        "CRM_DEAL_NOT_ACTIVE",
        "CRM_DEAL_HAS_ACTIVE_BOOKING",
        "CRM_BOOKING_PROPERTY_OBJECT_BUSY",
        "CRM_PROPERTY_OBJECT_UNKNOWN",
        "CRM_PROPERTY_OBJECT_NOT_FREE",
        "CRM_PROPERTY_OBJECT_OTHER_DEVELOPER",
        "CRM_BOOKING_PROGRAM_NOT_FOUND",
        "CRM_CONCURRENT_MODIFICATION",
        ...ACCESS_CODES
      ]
    ),
    authScopes: { authenticated: true },
    errors: {},
    args: {
      dealId: t.arg.id({ required: true }),
      propertyObjectId: t.arg.id({ required: true }),
      programId: t.arg.id({
        required: false,
        description: "Booking programme of the developer; default programme when omitted"
      }),
      requisiteSetId: t.arg.id({ required: false })
    },
    resolve: async (_root, args, ctx) => (await ctx.deps.services.crm.commands.createBooking(
      viewerOf(ctx),
      {
        dealId: String(args.dealId),
        propertyObjectId: String(args.propertyObjectId),
        programId: args.programId ? String(args.programId) : null,
        requisiteSetId: args.requisiteSetId ? String(args.requisiteSetId) : null
      },
      metaOf(ctx)
    )).booking
  })
);
function bookingMutation(name, summary, codes, extraArg) {
  builder.mutationField(
    name,
    (t) => t.field({
      type: BookingRef,
      description: describe(summary, [...codes, ...BOOKING_LOOKUP]),
      authScopes: { authenticated: true },
      errors: {},
      args: {
        bookingId: t.arg.id({ required: true }),
        ...extraArg ? { [extraArg]: t.arg.string({ required: true, validate: text(TEXT.short, extraArg) }) } : {}
      },
      resolve: async (_root, args, ctx) => {
        const commands = ctx.deps.services.crm.commands;
        const viewer = viewerOf(ctx);
        const id = String(args.bookingId);
        const file = extraArg ? String(args[extraArg]) : "";
        const meta = metaOf(ctx);
        switch (name) {
          case "uploadBookingContract":
            return (await commands.uploadBookingContract(viewer, id, file, meta)).booking;
          case "uploadPaymentReceipt":
            return (await commands.uploadPaymentReceipt(viewer, id, file, meta)).booking;
          case "confirmBooking":
            return (await commands.confirmBooking(viewer, id, meta)).booking;
          case "confirmBookingPayment":
            return (await commands.confirmBookingPayment(viewer, id, meta)).booking;
          case "extendBooking":
            return (await commands.extendBooking(viewer, id, meta)).booking;
          case "startSale":
            return (await commands.startSale(viewer, id, meta)).booking;
        }
      }
    })
  );
}
bookingMutation(
  "uploadBookingContract",
  "Paid programme: the developer's contract is uploaded, Reserved \u2192 AwaitingPayment (no integration event). Allowed: developer_manager of the tenant.",
  [
    "CRM_BOOKING_NOT_RESERVED",
    "CRM_BOOKING_PROGRAM_NOT_PAID",
    "CRM_BOOKING_RESERVE_EXPIRED",
    "CRM_BOOKING_NOT_ACTIVE",
    "CRM_FILE_ID_REQUIRED"
  ],
  "contractFileId"
);
bookingMutation(
  "uploadPaymentReceipt",
  "Attach the payment receipt (PaymentStatus Uploaded) while AwaitingPayment and now \u2264 ReserveExpiresAt. Allowed: the deal's investor or agent, pin_manager.",
  [
    "CRM_BOOKING_NOT_AWAITING_PAYMENT",
    "CRM_BOOKING_RESERVE_EXPIRED",
    "CRM_BOOKING_NOT_ACTIVE",
    "CRM_FILE_ID_REQUIRED"
  ],
  "receiptFileId"
);
bookingMutation(
  "confirmBooking",
  "Free programme: Reserved \u2192 Booked while now \u2264 ReserveExpiresAt (INV-BKG-3); publishes booking-confirmed. Allowed: the deal's agent, pin_manager.",
  [
    "CRM_BOOKING_NOT_RESERVED",
    "CRM_BOOKING_PROGRAM_PAID",
    "CRM_BOOKING_RESERVE_EXPIRED",
    "CRM_BOOKING_NOT_ACTIVE"
  ],
  null
);
bookingMutation(
  "confirmBookingPayment",
  "Paid programme: receipt uploaded \u2192 PaymentStatus Paid, Booked (INV-BKG-4); publishes booking-paid and booking-confirmed in one commit. Allowed: developer_manager of the tenant.",
  [
    "CRM_BOOKING_NOT_AWAITING_PAYMENT",
    "CRM_BOOKING_RECEIPT_MISSING",
    "CRM_BOOKING_RESERVE_EXPIRED",
    "CRM_BOOKING_NOT_ACTIVE"
  ],
  null
);
bookingMutation(
  "extendBooking",
  "Booked only (INV-BKG-6): BookingExpiresAt += BookingDurationHours; publishes booking-extended. Allowed: developer_manager of the tenant, pin_manager.",
  ["CRM_BOOKING_NOT_BOOKED", "CRM_BOOKING_BOOKING_EXPIRED", "CRM_BOOKING_NOT_ACTIVE"],
  null
);
bookingMutation(
  "startSale",
  "Booked \u2192 Completed and the deal \u2192 Sale in one transaction (INV-BKG-7); publishes deal-sale-started. Allowed: developer_manager of the tenant, pin_manager.",
  ["CRM_BOOKING_NOT_BOOKED", "CRM_BOOKING_BOOKING_EXPIRED", "CRM_BOOKING_NOT_ACTIVE"],
  null
);
builder.mutationField(
  "cancelBooking",
  (t) => t.field({
    type: BookingRef,
    description: describe(
      "Cancel an active booking with a reason (INV-BKG-8); publishes booking-cancelled; the deal returns to Application. Allowed: the deal's agent/investor, developer_manager of the tenant, pin_manager.",
      ["CRM_BOOKING_NOT_ACTIVE", "CRM_REASON_REQUIRED", ...BOOKING_LOOKUP]
    ),
    authScopes: { authenticated: true },
    errors: {},
    args: {
      bookingId: t.arg.id({ required: true }),
      reason: t.arg.string({
        required: true,
        validate: text(TEXT.medium, "reason"),
        description: REASON_DOC
      })
    },
    resolve: async (_root, args, ctx) => (await ctx.deps.services.crm.commands.cancelBooking(
      viewerOf(ctx),
      String(args.bookingId),
      args.reason,
      metaOf(ctx)
    )).booking
  })
);
builder.mutationField(
  "cancelDeal",
  (t) => t.field({
    type: CancelledDeal,
    description: describe(
      "Cancel the deal and, in the same transaction, its active booking (booking-cancelled, Cause DealCancelled). Allowed: the deal's agent/investor, developer_manager of the tenant, pin_manager.",
      [
        "CRM_DEAL_NOT_FOUND",
        "CRM_DEAL_NOT_ACTIVE",
        "CRM_REASON_REQUIRED",
        "CRM_CONCURRENT_MODIFICATION",
        ...ACCESS_CODES
      ]
    ),
    authScopes: { authenticated: true },
    errors: {},
    args: {
      dealId: t.arg.id({ required: true }),
      reason: t.arg.string({
        required: true,
        validate: text(TEXT.medium, "reason"),
        description: REASON_DOC
      })
    },
    resolve: (_root, args, ctx) => ctx.deps.services.crm.commands.cancelDeal(viewerOf(ctx), String(args.dealId), args.reason, metaOf(ctx))
  })
);
//# sourceMappingURL=crm-mutations.js.map
