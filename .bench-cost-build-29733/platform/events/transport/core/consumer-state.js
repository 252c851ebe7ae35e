function clearBackoff(state) {
  for (const t of state.resumeTimers.values()) clearTimeout(t);
  state.resumeTimers.clear();
  state.failures.clear();
}
export {
  clearBackoff
};
//# sourceMappingURL=consumer-state.js.map
