//# sourceMappingURL=CatalogProjectCard.js.map
