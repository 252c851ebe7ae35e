//# sourceMappingURL=DeadLetter.js.map
