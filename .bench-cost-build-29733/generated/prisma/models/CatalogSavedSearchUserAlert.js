//# sourceMappingURL=CatalogSavedSearchUserAlert.js.map
