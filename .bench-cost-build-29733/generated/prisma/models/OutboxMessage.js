//# sourceMappingURL=OutboxMessage.js.map
