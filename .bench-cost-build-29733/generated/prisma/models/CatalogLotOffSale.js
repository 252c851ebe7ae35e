//# sourceMappingURL=CatalogLotOffSale.js.map
