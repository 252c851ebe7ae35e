//# sourceMappingURL=chessboard.read-models.js.map
