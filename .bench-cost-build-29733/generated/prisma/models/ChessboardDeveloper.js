//# sourceMappingURL=ChessboardDeveloper.js.map
