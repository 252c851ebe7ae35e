//# sourceMappingURL=runner.js.map
