//# sourceMappingURL=CatalogProjectDisplayOverride.js.map
