import { TOPIC } from "../topics.js";
import {
  chessboardReaders,
  funnelBookingCreatedReader,
  funnelDealSaleStartedReader,
  messengerBookingReaders,
  notificationsBookingReaders
} from "./booking-readers.js";
import { CATALOG_SYNC_READERS } from "./catalog-chessboard-sync.readers.js";
import {
  crmReplicaReaders,
  devstatsDimensionReader,
  messengerReplicaReaders
} from "./chessboard-replica-readers.js";
import { notificationAddedReader } from "./notifications-delivery.readers.js";
const READERS_BY_GROUP = [
  { group: "pin-catalog-chessboard-sync", readers: CATALOG_SYNC_READERS },
  { group: "pin-chessboard-crm-property-object-status", readers: chessboardReaders },
  { group: "pin-crm-property-object-replica", readers: crmReplicaReaders },
  {
    group: "pin-devstats-dim-property-object",
    readers: { [TOPIC.propertyObjectUpserted]: devstatsDimensionReader }
  },
  { group: "dev-stats-funnel-crm-booking", readers: { [TOPIC.bookingCreated]: funnelBookingCreatedReader } },
  { group: "dev-stats-funnel-crm-deal", readers: { [TOPIC.dealSaleStarted]: funnelDealSaleStartedReader } },
  {
    group: "pin-messenger-booking-cards",
    readers: { ...messengerBookingReaders, ...messengerReplicaReaders }
  },
  { group: "pin-notifications-booking", readers: notificationsBookingReaders },
  { group: "pin-notifications-delivery", readers: { [TOPIC.notificationAdded]: notificationAddedReader } }
];
export {
  READERS_BY_GROUP
};
//# sourceMappingURL=index.js.map
