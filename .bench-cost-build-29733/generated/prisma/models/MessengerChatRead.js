//# sourceMappingURL=MessengerChatRead.js.map
