/**
 * The readers of chessboard's topics outside the catalog (decision 0300): the crm replica, the
 * messenger replica and the dev-stats dimension read the fields they use, required where the
 * specification's payload table (catalog-chessboard-sync, the topics' one table) says Да; the rest
 * is optional (absent → null) or not declared (ignored).
 */
import { field as f, opt, type PayloadOf, readerContract, req } from "../reader-contract.js";
import { TOPIC } from "../topics.js";
import { PROPERTY_OBJECT_STATUS_VALUES } from "./catalog-chessboard-sync.readers.js";

const SPEC = "spec: catalog-chessboard-sync payload tables; the fields this consumer uses";

// ---- pin-crm-property-object-replica (createBooking / engageDeveloper checks)
export const crmReplicaReaders = {
  [TOPIC.developerUpserted]: readerContract(TOPIC.developerUpserted, SPEC, {
    Id: req(f.uuid()),
    Status: req(f.string("Active/Inactive; anything else is not Active (engaging is refused)")),
    Version: req(f.integer()),
  }),
  [TOPIC.propertyObjectUpserted]: readerContract(TOPIC.propertyObjectUpserted, SPEC, {
    Id: req(f.uuid()),
    TenantId: req(f.uuid()),
    ProjectId: req(f.uuid()),
    BuildingId: req(f.uuid()),
    Status: req(f.enumOf(PROPERTY_OBJECT_STATUS_VALUES, "stored as sent; only Free can be booked")),
    Version: req(f.integer()),
  }),
  [TOPIC.propertyObjectStatusChanged]: readerContract(TOPIC.propertyObjectStatusChanged, SPEC, {
    PropertyObjectId: req(f.uuid()),
    TenantId: req(f.uuid()),
    ProjectId: req(f.uuid()),
    BuildingId: req(f.uuid()),
    ToStatus: req(f.enumOf(PROPERTY_OBJECT_STATUS_VALUES, "stored as sent; only Free can be booked")),
    HoldBookingId: opt(f.uuid("absent → the holder is kept while the status stays")),
    Version: req(f.integer()),
  }),
} as const;

// ---- pin-messenger-booking-cards (the figures of a card: number, floor, price)
export const messengerReplicaReaders = {
  [TOPIC.propertyObjectUpserted]: readerContract(TOPIC.propertyObjectUpserted, SPEC, {
    Id: req(f.uuid()),
    TenantId: req(f.uuid()),
    Number: req(f.string()),
    Floor: req(f.integer()),
    Price: req(f.decimal()),
    CurrencySnapshot: req(f.object({ IsoCode: opt(f.string("absent → RUB, the storefront's v1 currency")) })),
    Version: req(f.integer()),
  }),
  [TOPIC.propertyObjectPriceChanged]: readerContract(TOPIC.propertyObjectPriceChanged, SPEC, {
    PropertyObjectId: req(f.uuid()),
    NewPrice: req(f.decimal()),
    CurrencySnapshot: opt(f.object({ IsoCode: opt(f.string("absent → the currency kept")) })),
    Version: req(f.integer()),
  }),
} as const;

// ---- pin-devstats-dim-property-object (the hierarchy path of a property object)
export const devstatsDimensionReader = readerContract(TOPIC.propertyObjectUpserted, SPEC, {
  Id: req(f.uuid()),
  TenantId: req(f.uuid()),
  ProjectId: req(f.uuid()),
  BuildingId: req(f.uuid()),
  LayoutId: opt(f.uuid()),
  LayoutGroupId: opt(f.uuid()),
  UpdatedAt: opt(f.dateTime("absent → the event's created-at header")),
  Version: req(f.integer()),
});

type Payloads<R> = { -readonly [T in keyof R]: PayloadOf<R[T]> };
export type CrmReplicaPayloads = Payloads<typeof crmReplicaReaders>;
export type MessengerReplicaPayloads = Payloads<typeof messengerReplicaReaders>;
export type DevstatsDimensionPayload = PayloadOf<typeof devstatsDimensionReader>;
