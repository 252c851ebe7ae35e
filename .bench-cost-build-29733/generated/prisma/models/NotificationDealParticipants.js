//# sourceMappingURL=NotificationDealParticipants.js.map
