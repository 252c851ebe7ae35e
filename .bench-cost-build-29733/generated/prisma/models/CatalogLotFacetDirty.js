//# sourceMappingURL=CatalogLotFacetDirty.js.map
