const transitionFrom = {
  /** The deal's parties are optional on the wire (decision 0303): an absent one is null. */
  created(p) {
    return {
      dealId: p.DealId,
      tenantId: p.TenantId,
      agentUserId: p.DealAgentUserId ?? null,
      investorUserId: p.DealInvestorUserId ?? null
    };
  },
  confirmed: (p) => ({
    dealId: p.DealId,
    bookingId: p.BookingId,
    transition: { type: "confirmed", isPaid: p.IsPaid, actorUserId: p.ConfirmedByUserId }
  }),
  paid: (p) => ({
    dealId: p.DealId,
    bookingId: p.BookingId,
    transition: { type: "paid", actorUserId: p.ConfirmedByUserId }
  }),
  expired: (p) => ({
    dealId: p.DealId,
    bookingId: p.BookingId,
    transition: { type: "expired", phase: p.Phase, actorUserId: null }
  }),
  cancelled: (p) => ({
    dealId: p.DealId,
    bookingId: p.BookingId,
    transition: { type: "cancelled", cause: p.Cause, actorUserId: p.CancelledByUserId }
  }),
  saleStarted: (p) => ({
    dealId: p.DealId,
    bookingId: p.BookingId,
    transition: { type: "saleStarted", actorUserId: p.StartedByUserId }
  })
};
export {
  transitionFrom
};
//# sourceMappingURL=saga-transition.js.map
