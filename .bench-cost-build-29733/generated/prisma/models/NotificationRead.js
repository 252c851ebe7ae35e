//# sourceMappingURL=NotificationRead.js.map
