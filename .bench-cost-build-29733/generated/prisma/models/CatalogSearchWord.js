//# sourceMappingURL=CatalogSearchWord.js.map
