//# sourceMappingURL=ChessboardPropertyObject.js.map
