import { assertNever } from "../../platform/errors/domain-error.js";
const NOTIFICATION_KINDS = [
  "BookingConfirmed",
  "BookingPaid",
  "ReserveExpired",
  "BookingExpired",
  "BookingCancelled",
  "SaleStarted",
  "SavedSearchMatch",
  "SavedSearchDigest"
];
const TITLE_MAX_LENGTH = 200;
function kindAndTitle(t) {
  switch (t.type) {
    case "confirmed":
      return t.isPaid ? null : { kind: "BookingConfirmed", title: "Booking confirmed: the apartment is booked" };
    case "paid":
      return {
        kind: "BookingPaid",
        title: "Booking contract paid: payment confirmed, the apartment is booked"
      };
    case "expired":
      return t.phase === "Reserve" ? { kind: "ReserveExpired", title: "Reserve time expired: the booking was not confirmed in time" } : { kind: "BookingExpired", title: "Booking time expired: it was neither completed nor extended" };
    case "cancelled":
      return {
        kind: "BookingCancelled",
        title: t.cause === "DealCancelled" ? "Booking cancelled together with the deal" : "Booking cancelled"
      };
    case "saleStarted":
      return { kind: "SaleStarted", title: "Sale started: the booking is completed" };
    default:
      return assertNever(t, "saga transition");
  }
}
function decideNotifications(participants, bookingId, transition) {
  const what = kindAndTitle(transition);
  if (!what) return [];
  const actor = transition.actorUserId;
  const users = [participants.agentUserId, participants.investorUserId].filter(
    (id, i, all) => id !== null && id !== actor && all.indexOf(id) === i
  );
  const recipients = [
    ...users.map((userId) => ({ kind: "User", userId })),
    { kind: "Developer", tenantId: participants.tenantId, excludedUserId: actor }
  ];
  return recipients.map((recipient) => ({ recipient, ...what, dealId: participants.dealId, bookingId }));
}
export {
  NOTIFICATION_KINDS,
  TITLE_MAX_LENGTH,
  decideNotifications
};
//# sourceMappingURL=notification.decide.js.map
