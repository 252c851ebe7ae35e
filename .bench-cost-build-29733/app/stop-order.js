const STOP_ORDER = ["api", "consumers", "workers", "operations", "infrastructure"];
async function stopInOrder(parts, onError) {
  const stopped = [];
  for (const stage of STOP_ORDER) {
    const part = parts[stage];
    if (!part) continue;
    try {
      await part.stop();
    } catch (error) {
      onError(stage, error);
    }
    stopped.push(stage);
  }
  return stopped;
}
export {
  STOP_ORDER,
  stopInOrder
};
//# sourceMappingURL=stop-order.js.map
