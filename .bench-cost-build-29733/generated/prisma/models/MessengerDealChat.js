//# sourceMappingURL=MessengerDealChat.js.map
