function createInFlight(maxKeys) {
  const running = /* @__PURE__ */ new Map();
  return {
    enter(key, max) {
      const n = running.get(key) ?? 0;
      if (n >= max || n === 0 && running.size >= maxKeys) return false;
      running.set(key, n + 1);
      return true;
    },
    leave(key) {
      const n = running.get(key) ?? 0;
      if (n <= 1) running.delete(key);
      else running.set(key, n - 1);
    },
    size: () => running.size
  };
}
export {
  createInFlight
};
//# sourceMappingURL=in-flight.js.map
