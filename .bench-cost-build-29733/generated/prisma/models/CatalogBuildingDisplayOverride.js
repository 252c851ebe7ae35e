//# sourceMappingURL=CatalogBuildingDisplayOverride.js.map
