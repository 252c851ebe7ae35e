//# sourceMappingURL=CatalogBuildingSnapshot.js.map
