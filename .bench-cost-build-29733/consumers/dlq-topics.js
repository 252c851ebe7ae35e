import { dlqTopicFor } from "../platform/events/topics.js";
import { CATALOG_CHESSBOARD_SYNC_GROUP } from "./catalog-chessboard-sync.consumer.js";
import { CHESSBOARD_BOOKING_STATUS_GROUP } from "./chessboard-booking-status.consumer.js";
import { CRM_PROPERTY_OBJECT_REPLICA_GROUP } from "./crm-property-object-replica.consumer.js";
import { DEVSTATS_DIMENSION_GROUP } from "./devstats-dimension.consumer.js";
import { DEVSTATS_FUNNEL_BOOKING_DLQ } from "./devstats-funnel-booking-created.consumer.js";
import { DEVSTATS_FUNNEL_DEAL_DLQ } from "./devstats-funnel-deal-sale-started.consumer.js";
import { MESSENGER_BOOKING_CARDS_GROUP } from "./messenger-booking-cards.consumer.js";
import { NOTIFICATIONS_BOOKING_GROUP } from "./notifications-booking.consumer.js";
import { NOTIFICATIONS_DELIVERY_GROUP } from "./notifications-delivery.consumer.js";
const DLQ_TOPICS = [
  dlqTopicFor(CHESSBOARD_BOOKING_STATUS_GROUP),
  dlqTopicFor(CRM_PROPERTY_OBJECT_REPLICA_GROUP),
  dlqTopicFor(CATALOG_CHESSBOARD_SYNC_GROUP),
  dlqTopicFor(DEVSTATS_DIMENSION_GROUP),
  DEVSTATS_FUNNEL_BOOKING_DLQ,
  DEVSTATS_FUNNEL_DEAL_DLQ,
  dlqTopicFor(MESSENGER_BOOKING_CARDS_GROUP),
  dlqTopicFor(NOTIFICATIONS_BOOKING_GROUP),
  dlqTopicFor(NOTIFICATIONS_DELIVERY_GROUP)
];
export {
  DLQ_TOPICS
};
//# sourceMappingURL=dlq-topics.js.map
