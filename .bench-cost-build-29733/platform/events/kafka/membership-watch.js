class MembershipStalledError extends Error {
  constructor(stall) {
    super(
      `no heartbeat, join or commit confirmed for ${Math.round(stall.forMs / 1e3)} s: the consumer no longer serves its group`
    );
    this.name = "MembershipStalledError";
  }
}
function watchMembership(options) {
  const now = options.now ?? Date.now;
  let lastConfirmed = now();
  let fired = false;
  return {
    confirmed() {
      lastConfirmed = now();
    },
    check() {
      if (fired) return;
      const forMs = now() - lastConfirmed;
      if (forMs < options.silentMs) return;
      fired = true;
      options.onStall({ forMs });
    }
  };
}
export {
  MembershipStalledError,
  watchMembership
};
//# sourceMappingURL=membership-watch.js.map
