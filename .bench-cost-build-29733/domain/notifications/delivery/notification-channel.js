function createLoggingChannel(log) {
  return {
    name: "log",
    async deliver(n) {
      log.debug(
        {
          channel: "log",
          notificationId: n.id.toString(),
          kind: n.kind,
          recipientKind: n.recipientKind,
          recipientId: n.recipientId,
          dealId: n.dealId,
          bookingId: n.bookingId
        },
        `notification delivered: ${n.title}`
      );
    }
  };
}
export {
  createLoggingChannel
};
//# sourceMappingURL=notification-channel.js.map
