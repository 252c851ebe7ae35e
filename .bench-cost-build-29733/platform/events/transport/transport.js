//# sourceMappingURL=transport.js.map
