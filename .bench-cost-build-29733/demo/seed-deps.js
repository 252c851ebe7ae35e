//# sourceMappingURL=seed-deps.js.map
