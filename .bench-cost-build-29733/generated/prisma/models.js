//# sourceMappingURL=models.js.map
