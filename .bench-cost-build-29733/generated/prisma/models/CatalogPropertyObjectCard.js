//# sourceMappingURL=CatalogPropertyObjectCard.js.map
