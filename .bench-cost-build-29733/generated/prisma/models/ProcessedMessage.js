//# sourceMappingURL=ProcessedMessage.js.map
