//# sourceMappingURL=CrmTimelineEntry.js.map
