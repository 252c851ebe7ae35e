//# sourceMappingURL=Notification.js.map
