import { hash } from "node:crypto";
const DEDUP_KEY_BYTES = 16;
function dedupKeyHash(text) {
  return hash("sha256", text, "buffer").subarray(0, DEDUP_KEY_BYTES);
}
function packKeys(keys) {
  const out = Buffer.allocUnsafe(keys.length * DEDUP_KEY_BYTES);
  keys.forEach((key, i) => {
    key.copy(out, i * DEDUP_KEY_BYTES, 0, DEDUP_KEY_BYTES);
  });
  return out;
}
export {
  DEDUP_KEY_BYTES,
  dedupKeyHash,
  packKeys
};
//# sourceMappingURL=dedup-key.js.map
