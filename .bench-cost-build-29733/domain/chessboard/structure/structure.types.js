//# sourceMappingURL=structure.types.js.map
