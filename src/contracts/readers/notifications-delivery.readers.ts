/** pin-notifications-delivery reads notifications' own notification-added (decision 0300). */
import { field as f, opt, type PayloadOf, readerContract, req } from "../reader-contract.js";
import { TOPIC } from "../topics.js";

export const notificationAddedReader = readerContract(
  TOPIC.notificationAdded,
  "the fields the delivery channels use",
  {
    NotificationId: req(f.string("A positive integer as a decimal string")),
    RecipientKind: req(f.oneOf(["User", "Developer"] as const)),
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
        "SavedSearchDigest",
      ] as const),
    ),
    Title: req(f.string()),
    // null on a saved-search notification (decision 0364): it is about a lot, not a deal
    DealId: opt(f.uuid()),
    LotId: opt(f.uuid()),
    SavedSearchId: opt(f.uuid()),
    BookingId: opt(f.uuid()),
    CreatedAt: req(f.dateTime()),
  },
);
export type NotificationAddedRead = PayloadOf<typeof notificationAddedReader>;
