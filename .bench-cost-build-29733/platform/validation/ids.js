const SEQUENTIAL_ID = /^[1-9][0-9]{0,18}$/;
const MAX_BIGINT = 9223372036854775807n;
function isUuid(value) {
  return scanUuid(value, true);
}
function isLowerCaseUuid(value) {
  return scanUuid(value, false);
}
function scanUuid(value, anyCase) {
  if (value.length !== 36) return false;
  for (let i = 0; i < 36; i++) {
    const c = value.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (c !== 45) return false;
    } else if (!(c >= 48 && c <= 57 || c >= 97 && c <= 102 || anyCase && c >= 65 && c <= 70)) {
      return false;
    }
  }
  return true;
}
function parseSequentialId(value) {
  if (!SEQUENTIAL_ID.test(value)) return null;
  const id = BigInt(value);
  return id <= MAX_BIGINT ? id : null;
}
export {
  isLowerCaseUuid,
  isUuid,
  parseSequentialId
};
//# sourceMappingURL=ids.js.map
