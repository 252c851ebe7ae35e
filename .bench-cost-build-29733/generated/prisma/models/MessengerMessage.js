//# sourceMappingURL=MessengerMessage.js.map
