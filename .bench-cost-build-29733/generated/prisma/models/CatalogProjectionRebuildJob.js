//# sourceMappingURL=CatalogProjectionRebuildJob.js.map
