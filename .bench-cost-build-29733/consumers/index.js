import { catalogChessboardSyncConsumer } from "./catalog-chessboard-sync.consumer.js";
import { chessboardBookingStatusConsumer } from "./chessboard-booking-status.consumer.js";
import { crmPropertyObjectReplicaConsumer } from "./crm-property-object-replica.consumer.js";
import { devStatsDimensionConsumer } from "./devstats-dimension.consumer.js";
import { devStatsFunnelBookingCreatedConsumer } from "./devstats-funnel-booking-created.consumer.js";
import { devStatsFunnelDealSaleStartedConsumer } from "./devstats-funnel-deal-sale-started.consumer.js";
import { messengerBookingCardsConsumer } from "./messenger-booking-cards.consumer.js";
import { notificationsBookingConsumer } from "./notifications-booking.consumer.js";
import { notificationsDeliveryConsumer } from "./notifications-delivery.consumer.js";
const CONSUMERS_BY_CONTEXT = [
  { context: "chessboard", make: chessboardBookingStatusConsumer },
  { context: "crm", make: crmPropertyObjectReplicaConsumer },
  { context: "catalog", make: catalogChessboardSyncConsumer },
  { context: "devstats", make: (deps) => deps.devstats ? devStatsDimensionConsumer(deps.devstats) : null },
  {
    context: "devstats",
    make: (deps) => deps.devstats ? devStatsFunnelBookingCreatedConsumer(deps.devstats) : null
  },
  {
    context: "devstats",
    make: (deps) => deps.devstats ? devStatsFunnelDealSaleStartedConsumer(deps.devstats) : null
  },
  { context: "messenger", make: messengerBookingCardsConsumer },
  { context: "notifications", make: notificationsBookingConsumer },
  { context: "notifications", make: (deps) => notificationsDeliveryConsumer(deps) }
];
const CONSUMERS = CONSUMERS_BY_CONTEXT.map((c) => c.make);
export {
  CONSUMERS,
  CONSUMERS_BY_CONTEXT
};
//# sourceMappingURL=index.js.map
