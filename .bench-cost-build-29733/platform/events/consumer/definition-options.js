//# sourceMappingURL=definition-options.js.map
