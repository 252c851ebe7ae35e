function holdDeadline(state) {
  const hold = state.hold;
  if (!hold) return null;
  return hold.phase === "Reserved" ? hold.reservedUntil : hold.bookedUntil;
}
function decideHoldExpiration(state, now, graceMs) {
  const hold = state.hold;
  const deadline = holdDeadline(state);
  if (!hold || !deadline) return { kind: "keep" };
  if (now.getTime() <= deadline.getTime() + graceMs) return { kind: "keep" };
  return {
    kind: "release",
    next: { ...state, hold: null },
    tombstone: {
      bookingId: hold.bookingId,
      dealId: hold.dealId,
      lastVersion: hold.version,
      outcome: "ForceReleased"
    },
    overdueSince: deadline
  };
}
export {
  decideHoldExpiration,
  holdDeadline
};
//# sourceMappingURL=hold-expiration.decide.js.map
