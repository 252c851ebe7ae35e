//# sourceMappingURL=infra.js.map
