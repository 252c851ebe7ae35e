function base(p) {
  return {
    bookingId: p.BookingId,
    dealId: p.DealId,
    propertyObjectId: p.PropertyObjectId,
    tenantId: p.TenantId,
    version: p.Version
  };
}
const bookingEventFrom = {
  created: (p) => ({
    ...base(p),
    occurredAt: new Date(p.CreatedAt),
    signal: { kind: "reserve", reservedUntil: new Date(p.ReserveExpiresAt) }
  }),
  confirmed: (p) => ({
    ...base(p),
    occurredAt: new Date(p.ConfirmedAt),
    signal: { kind: "book", bookedUntil: new Date(p.BookingExpiresAt) }
  }),
  extended: (p) => ({
    ...base(p),
    occurredAt: new Date(p.ExtendedAt),
    signal: { kind: "extend", bookedUntil: new Date(p.BookingExpiresAt) }
  }),
  expired: (p) => ({
    ...base(p),
    occurredAt: new Date(p.ExpiredAt),
    signal: { kind: "release", reason: "expired" }
  }),
  cancelled: (p) => ({
    ...base(p),
    occurredAt: new Date(p.CancelledAt),
    signal: { kind: "release", reason: "cancelled" }
  }),
  saleStarted: (p) => ({
    ...base(p),
    occurredAt: new Date(p.SoldAt),
    signal: { kind: "sell", soldAt: new Date(p.SoldAt) }
  })
};
export {
  bookingEventFrom
};
//# sourceMappingURL=booking-event.js.map
