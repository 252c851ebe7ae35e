//# sourceMappingURL=CatalogSavedSearch.js.map
