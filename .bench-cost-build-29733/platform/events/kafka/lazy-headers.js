function headerText(value) {
  if (value === void 0) return void 0;
  const first = Array.isArray(value) ? value[0] : value;
  return first === void 0 ? void 0 : first.toString();
}
const NOTHING = Object.freeze({});
function lazyHeaders(raw) {
  if (!raw) return NOTHING;
  return new Proxy({ raw, decoded: /* @__PURE__ */ Object.create(null) }, TRAPS);
}
function read(target, name) {
  const decoded = target.decoded;
  if (name in decoded) return decoded[name];
  const text = Object.hasOwn(target.raw, name) ? headerText(target.raw[name]) : void 0;
  decoded[name] = text;
  return text;
}
const TRAPS = {
  get: (target, name) => typeof name === "string" ? read(target, name) : void 0,
  has: (target, name) => typeof name === "string" && read(target, name) !== void 0,
  ownKeys: (target) => {
    const t = target;
    return Object.keys(t.raw).filter((name) => read(t, name) !== void 0);
  },
  getOwnPropertyDescriptor: (target, name) => {
    if (typeof name !== "string") return void 0;
    const value = read(target, name);
    return value === void 0 ? void 0 : { value, writable: false, enumerable: true, configurable: true };
  },
  set: () => false,
  defineProperty: () => false,
  deleteProperty: () => false
};
export {
  lazyHeaders
};
//# sourceMappingURL=lazy-headers.js.map
