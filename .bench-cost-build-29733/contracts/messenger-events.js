//# sourceMappingURL=messenger-events.js.map
