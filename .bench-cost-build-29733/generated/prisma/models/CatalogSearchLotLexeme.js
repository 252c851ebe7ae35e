//# sourceMappingURL=CatalogSearchLotLexeme.js.map
