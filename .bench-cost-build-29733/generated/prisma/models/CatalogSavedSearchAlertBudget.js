//# sourceMappingURL=CatalogSavedSearchAlertBudget.js.map
