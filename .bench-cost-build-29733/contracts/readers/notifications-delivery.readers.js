import { field as f, opt, readerContract, req } from "../reader-contract.js";
import { TOPIC } from "../topics.js";
const notificationAddedReader = readerContract(
  TOPIC.notificationAdded,
  "the fields the delivery channels use",
  {
    NotificationId: req(f.string("A positive integer as a decimal string")),
    RecipientKind: req(f.oneOf(["User", "Developer"])),
    RecipientId: req(f.string()),
    ExcludedUserId: opt(f.string()),
    Kind: req(
      f.oneOf([
        "BookingConfirmed",
        "BookingPaid",
        "ReserveExpired",
        "BookingExpired",
        "BookingCancelled",
        "SaleStarted",
        "SavedSearchMatch",
        "SavedSearchDigest"
      ])
    ),
    Title: req(f.string()),
    // null on a saved-search notification (decision 0364): it is about a lot, not a deal
    DealId: opt(f.uuid()),
    LotId: opt(f.uuid()),
    SavedSearchId: opt(f.uuid()),
    BookingId: opt(f.uuid()),
    CreatedAt: req(f.dateTime())
  }
);
export {
  notificationAddedReader
};
//# sourceMappingURL=notifications-delivery.readers.js.map
