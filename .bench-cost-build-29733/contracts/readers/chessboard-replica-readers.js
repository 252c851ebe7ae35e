import { field as f, opt, readerContract, req } from "../reader-contract.js";
import { TOPIC } from "../topics.js";
import { PROPERTY_OBJECT_STATUS_VALUES } from "./catalog-chessboard-sync.readers.js";
const SPEC = "spec: catalog-chessboard-sync payload tables; the fields this consumer uses";
const crmReplicaReaders = {
  [TOPIC.developerUpserted]: readerContract(TOPIC.developerUpserted, SPEC, {
    Id: req(f.uuid()),
    Status: req(f.string("Active/Inactive; anything else is not Active (engaging is refused)")),
    Version: req(f.integer())
  }),
  [TOPIC.propertyObjectUpserted]: readerContract(TOPIC.propertyObjectUpserted, SPEC, {
    Id: req(f.uuid()),
    TenantId: req(f.uuid()),
    ProjectId: req(f.uuid()),
    BuildingId: req(f.uuid()),
    Status: req(f.enumOf(PROPERTY_OBJECT_STATUS_VALUES, "stored as sent; only Free can be booked")),
    Version: req(f.integer())
  }),
  [TOPIC.propertyObjectStatusChanged]: readerContract(TOPIC.propertyObjectStatusChanged, SPEC, {
    PropertyObjectId: req(f.uuid()),
    TenantId: req(f.uuid()),
    ProjectId: req(f.uuid()),
    BuildingId: req(f.uuid()),
    ToStatus: req(f.enumOf(PROPERTY_OBJECT_STATUS_VALUES, "stored as sent; only Free can be booked")),
    HoldBookingId: opt(f.uuid("absent \u2192 the holder is kept while the status stays")),
    Version: req(f.integer())
  })
};
const messengerReplicaReaders = {
  [TOPIC.propertyObjectUpserted]: readerContract(TOPIC.propertyObjectUpserted, SPEC, {
    Id: req(f.uuid()),
    TenantId: req(f.uuid()),
    Number: req(f.string()),
    Floor: req(f.integer()),
    Price: req(f.decimal()),
    CurrencySnapshot: req(f.object({ IsoCode: opt(f.string("absent \u2192 RUB, the storefront's v1 currency")) })),
    Version: req(f.integer())
  }),
  [TOPIC.propertyObjectPriceChanged]: readerContract(TOPIC.propertyObjectPriceChanged, SPEC, {
    PropertyObjectId: req(f.uuid()),
    NewPrice: req(f.decimal()),
    CurrencySnapshot: opt(f.object({ IsoCode: opt(f.string("absent \u2192 the currency kept")) })),
    Version: req(f.integer())
  })
};
const devstatsDimensionReader = readerContract(TOPIC.propertyObjectUpserted, SPEC, {
  Id: req(f.uuid()),
  TenantId: req(f.uuid()),
  ProjectId: req(f.uuid()),
  BuildingId: req(f.uuid()),
  LayoutId: opt(f.uuid()),
  LayoutGroupId: opt(f.uuid()),
  UpdatedAt: opt(f.dateTime("absent \u2192 the event's created-at header")),
  Version: req(f.integer())
});
export {
  crmReplicaReaders,
  devstatsDimensionReader,
  messengerReplicaReaders
};
//# sourceMappingURL=chessboard-replica-readers.js.map
