//# sourceMappingURL=ChessboardProject.js.map
