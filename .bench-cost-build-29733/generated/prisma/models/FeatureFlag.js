//# sourceMappingURL=FeatureFlag.js.map
