function inboundOf(row) {
  return {
    topic: row.topic,
    partition: 0,
    offset: String(row.id),
    key: row.key,
    value: row.value,
    headers: stringHeaders(row.headers)
  };
}
function stringHeaders(raw) {
  const headers = {};
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return headers;
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value === "string") headers[name] = value;
    else if (value !== null && value !== void 0) headers[name] = JSON.stringify(value);
  }
  return headers;
}
const START_POSITION = { txId: "0", id: 0n };
export {
  START_POSITION,
  inboundOf,
  stringHeaders
};
//# sourceMappingURL=local-log.js.map
