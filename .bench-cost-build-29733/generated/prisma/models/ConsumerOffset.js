//# sourceMappingURL=ConsumerOffset.js.map
