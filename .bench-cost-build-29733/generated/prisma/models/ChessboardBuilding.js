//# sourceMappingURL=ChessboardBuilding.js.map
