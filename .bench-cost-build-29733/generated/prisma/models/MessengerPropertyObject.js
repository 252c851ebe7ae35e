//# sourceMappingURL=MessengerPropertyObject.js.map
