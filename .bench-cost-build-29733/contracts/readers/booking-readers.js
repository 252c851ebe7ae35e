import { field as f, opt, readerContract, req } from "../reader-contract.js";
import { TOPIC } from "../topics.js";
const FUNNEL_SPEC = "spec: devstats-funnel-booking-created, \xAB\u0412\u0445\u043E\u0434\u043D\u044B\u0435 \u0434\u0430\u043D\u043D\u044B\u0435\xBB";
const USED = "the fields the handlers use (no spec table for this consumer)";
const EXPIRY_PHASE_VALUES = ["Reserve", "Booking"];
const CANCELLATION_CAUSE_VALUES = ["BookingCancelled", "DealCancelled"];
const funnelBookingCreatedReader = readerContract(TOPIC.bookingCreated, FUNNEL_SPEC, {
  BookingId: req(f.uuid()),
  PropertyObjectId: req(f.uuid()),
  TenantId: req(f.uuid()),
  CreatedAt: req(f.dateTime())
});
const funnelDealSaleStartedReader = readerContract(
  TOPIC.dealSaleStarted,
  "decision 0350: the Deals stage's four fields, as the Bookings stage's table",
  {
    DealId: req(f.uuid()),
    PropertyObjectId: req(f.uuid()),
    TenantId: req(f.uuid()),
    SoldAt: req(f.dateTime())
  }
);
const bookingBase = {
  BookingId: req(f.uuid()),
  DealId: req(f.uuid()),
  PropertyObjectId: req(f.uuid()),
  TenantId: req(f.uuid())
};
const dealParties = {
  DealAgentUserId: opt(f.string("A user id")),
  DealInvestorUserId: opt(f.string("A user id"))
};
const chessboardReaders = {
  [TOPIC.bookingCreated]: readerContract(TOPIC.bookingCreated, USED, {
    ...bookingBase,
    Version: req(f.integer("Orders a booking's events across topics (the hold guard)")),
    CreatedAt: req(f.dateTime()),
    ReserveExpiresAt: req(f.dateTime())
  }),
  [TOPIC.bookingConfirmed]: readerContract(TOPIC.bookingConfirmed, USED, {
    ...bookingBase,
    Version: req(f.integer()),
    ConfirmedAt: req(f.dateTime()),
    BookingExpiresAt: req(f.dateTime())
  }),
  [TOPIC.bookingExtended]: readerContract(TOPIC.bookingExtended, USED, {
    ...bookingBase,
    Version: req(f.integer()),
    ExtendedAt: req(f.dateTime()),
    BookingExpiresAt: req(f.dateTime())
  }),
  [TOPIC.bookingExpired]: readerContract(TOPIC.bookingExpired, USED, {
    ...bookingBase,
    Version: req(f.integer()),
    ExpiredAt: req(f.dateTime())
  }),
  [TOPIC.bookingCancelled]: readerContract(TOPIC.bookingCancelled, USED, {
    ...bookingBase,
    Version: req(f.integer()),
    CancelledAt: req(f.dateTime())
  }),
  [TOPIC.dealSaleStarted]: readerContract(TOPIC.dealSaleStarted, USED, {
    ...bookingBase,
    Version: req(f.integer()),
    SoldAt: req(f.dateTime())
  })
};
const messengerBookingReaders = {
  [TOPIC.bookingCreated]: readerContract(TOPIC.bookingCreated, USED, {
    ...bookingBase,
    CreatedAt: req(f.dateTime()),
    ReserveExpiresAt: req(f.dateTime()),
    ProgramTerms: req(f.object({ IsPaid: req(f.boolean()) })),
    ...dealParties
  }),
  [TOPIC.bookingPaid]: readerContract(TOPIC.bookingPaid, USED, {
    ...bookingBase,
    PaidAt: req(f.dateTime())
  }),
  [TOPIC.bookingExpired]: readerContract(TOPIC.bookingExpired, USED, {
    ...bookingBase,
    Phase: req(f.oneOf(EXPIRY_PHASE_VALUES)),
    ExpiresAt: req(f.dateTime()),
    ExpiredAt: req(f.dateTime())
  })
};
const actor = () => req(f.string("The acting user's id (not notified)"));
const notificationsBookingReaders = {
  [TOPIC.bookingCreated]: readerContract(TOPIC.bookingCreated, USED, {
    DealId: req(f.uuid()),
    TenantId: req(f.uuid()),
    ...dealParties
  }),
  [TOPIC.bookingConfirmed]: readerContract(TOPIC.bookingConfirmed, USED, {
    DealId: req(f.uuid()),
    BookingId: req(f.uuid()),
    IsPaid: req(f.boolean()),
    ConfirmedByUserId: actor()
  }),
  [TOPIC.bookingPaid]: readerContract(TOPIC.bookingPaid, USED, {
    DealId: req(f.uuid()),
    BookingId: req(f.uuid()),
    ConfirmedByUserId: actor()
  }),
  [TOPIC.bookingExpired]: readerContract(TOPIC.bookingExpired, USED, {
    DealId: req(f.uuid()),
    BookingId: req(f.uuid()),
    Phase: req(f.oneOf(EXPIRY_PHASE_VALUES))
  }),
  [TOPIC.bookingCancelled]: readerContract(TOPIC.bookingCancelled, USED, {
    DealId: req(f.uuid()),
    BookingId: req(f.uuid()),
    Cause: req(f.oneOf(CANCELLATION_CAUSE_VALUES)),
    CancelledByUserId: actor()
  }),
  [TOPIC.dealSaleStarted]: readerContract(TOPIC.dealSaleStarted, USED, {
    DealId: req(f.uuid()),
    BookingId: req(f.uuid()),
    StartedByUserId: actor()
  })
};
export {
  CANCELLATION_CAUSE_VALUES,
  EXPIRY_PHASE_VALUES,
  chessboardReaders,
  funnelBookingCreatedReader,
  funnelDealSaleStartedReader,
  messengerBookingReaders,
  notificationsBookingReaders
};
//# sourceMappingURL=booking-readers.js.map
