//# sourceMappingURL=EventLogEntry.js.map
