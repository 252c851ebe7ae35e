function shardOrder(found, cursor) {
  const sorted = [...new Set(found)].sort((a, b) => a - b);
  const start = sorted.findIndex((s) => s >= cursor);
  if (start <= 0) return sorted;
  return [...sorted.slice(start), ...sorted.slice(0, start)];
}
export {
  shardOrder
};
//# sourceMappingURL=shard-order.js.map
