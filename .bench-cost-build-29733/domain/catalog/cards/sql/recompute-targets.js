//# sourceMappingURL=recompute-targets.js.map
