//# sourceMappingURL=enums.js.map
