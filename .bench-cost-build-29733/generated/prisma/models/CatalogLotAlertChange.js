//# sourceMappingURL=CatalogLotAlertChange.js.map
