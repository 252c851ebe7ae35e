const SYSTEM_ACTOR = "system:booking-expiration";
export {
  SYSTEM_ACTOR
};
//# sourceMappingURL=timeline.types.js.map
