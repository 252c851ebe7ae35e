const sameLabels = (a, b) => {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
};
function observeRepeated(histogram, labels, value, times) {
  if (times <= 0) return;
  histogram.observe(labels, value);
  if (times === 1) return;
  const state = histogram;
  let series;
  if (state.hashMap && Array.isArray(state.upperBounds)) {
    for (const candidate of Object.values(state.hashMap)) {
      if (candidate && sameLabels(candidate.labels, labels)) {
        series = candidate;
        break;
      }
    }
  }
  if (!series || typeof series.sum !== "number" || typeof series.count !== "number") {
    for (let i = 1; i < times; i++) histogram.observe(labels, value);
    return;
  }
  const bound = state.upperBounds.find((b) => value <= b);
  for (let i = 1; i < times; i++) series.sum += value;
  series.count += times - 1;
  if (bound !== void 0 && Object.hasOwn(series.bucketValues, bound)) {
    series.bucketValues[bound] = series.bucketValues[bound] + times - 1;
  }
}
export {
  observeRepeated
};
//# sourceMappingURL=observe-repeated.js.map
