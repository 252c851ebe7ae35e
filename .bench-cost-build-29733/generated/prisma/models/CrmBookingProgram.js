//# sourceMappingURL=CrmBookingProgram.js.map
