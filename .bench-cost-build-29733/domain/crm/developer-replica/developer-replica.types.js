//# sourceMappingURL=developer-replica.types.js.map
