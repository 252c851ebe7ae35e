//# sourceMappingURL=CatalogPropertyObjectDisplayOverride.js.map
