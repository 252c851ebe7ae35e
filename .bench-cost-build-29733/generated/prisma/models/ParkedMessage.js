//# sourceMappingURL=ParkedMessage.js.map
