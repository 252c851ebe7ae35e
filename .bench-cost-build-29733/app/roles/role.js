//# sourceMappingURL=role.js.map
