//# sourceMappingURL=port.js.map
