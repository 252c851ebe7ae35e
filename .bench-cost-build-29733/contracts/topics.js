const TOPIC = {
  // crm → booking saga (key = BookingId, except deal-sale-started: key = DealId)
  bookingCreated: "pin.crm.booking-created.v1",
  bookingConfirmed: "pin.crm.booking-confirmed.v1",
  bookingPaid: "pin.crm.booking-paid.v1",
  bookingExpired: "pin.crm.booking-expired.v1",
  bookingCancelled: "pin.crm.booking-cancelled.v1",
  bookingExtended: "pin.crm.booking-extended.v1",
  dealSaleStarted: "pin.crm.deal-sale-started.v1",
  // chessboard → structure and sale status (key = aggregate id / PropertyObjectId)
  developerUpserted: "pin.chessboard.developer-upserted.v1",
  projectUpserted: "pin.chessboard.project-upserted.v1",
  buildingUpserted: "pin.chessboard.building-upserted.v1",
  propertyObjectUpserted: "pin.chessboard.property-object-upserted.v1",
  propertyObjectStatusChanged: "pin.chessboard.property-object-status-changed.v1",
  propertyObjectPriceChanged: "pin.chessboard.property-object-price-changed.v1",
  // messenger → a message in a deal chat (key = DealId); notifications → a notification (one key)
  dealMessagePosted: "pin.messenger.deal-message-posted.v1",
  notificationAdded: "pin.notifications.notification-added.v1"
};
function eventTypeOf(topic) {
  const parts = topic.split(".");
  return parts[2] ?? topic;
}
function contractVersionOf(topic) {
  const match = /\.v(\d+)$/.exec(topic);
  return match ? Number(match[1]) : 1;
}
export {
  TOPIC,
  contractVersionOf,
  eventTypeOf
};
//# sourceMappingURL=topics.js.map
