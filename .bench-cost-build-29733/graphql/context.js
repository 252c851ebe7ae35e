//# sourceMappingURL=context.js.map
