//# sourceMappingURL=CrmBooking.js.map
