const NOTIFICATIONS_EVENT_KEY = "notifications";
export {
  NOTIFICATIONS_EVENT_KEY
};
//# sourceMappingURL=notifications-events.js.map
