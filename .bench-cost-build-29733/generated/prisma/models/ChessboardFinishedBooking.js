//# sourceMappingURL=ChessboardFinishedBooking.js.map
