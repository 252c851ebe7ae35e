const bookingFactFrom = {
  /**
   * The deal's parties are optional on the wire (decision 0303): an absent one is null, the chat
   * opens with the members the event names (the consumer warns).
   */
  created(p) {
    return {
      type: "created",
      bookingId: p.BookingId,
      dealId: p.DealId,
      tenantId: p.TenantId,
      propertyObjectId: p.PropertyObjectId,
      reserveExpiresAt: new Date(p.ReserveExpiresAt),
      isPaid: p.ProgramTerms.IsPaid,
      agentUserId: p.DealAgentUserId ?? null,
      investorUserId: p.DealInvestorUserId ?? null,
      at: new Date(p.CreatedAt)
    };
  },
  paid: (p) => ({
    type: "paid",
    bookingId: p.BookingId,
    dealId: p.DealId,
    propertyObjectId: p.PropertyObjectId,
    at: new Date(p.PaidAt)
  }),
  expired: (p) => ({
    type: "expired",
    phase: p.Phase,
    bookingId: p.BookingId,
    dealId: p.DealId,
    propertyObjectId: p.PropertyObjectId,
    expiresAt: new Date(p.ExpiresAt),
    at: new Date(p.ExpiredAt)
  })
};
export {
  bookingFactFrom
};
//# sourceMappingURL=booking-fact.js.map
