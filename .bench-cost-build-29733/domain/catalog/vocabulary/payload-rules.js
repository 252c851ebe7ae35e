import {
  contractFieldMissing,
  invalidPayload,
  tenantMismatch,
  unsupportedCurrency
} from "../catalog.errors.js";
const EMPTY_GUID = "00000000-0000-0000-0000-000000000000";
const SUPPORTED_CURRENCY = "RUB";
const isStale = (eventVersion, cardVersion) => cardVersion !== null && eventVersion <= cardVersion;
function requireId(field, value) {
  if (!value || value === EMPTY_GUID) throw invalidPayload(field, "must be a non-empty id");
}
function requireVersion(version) {
  if (!Number.isSafeInteger(version) || version < 1) throw invalidPayload("Version", "must be >= 1");
}
function requireText(field, value) {
  if (typeof value !== "string" || value.trim() === "") throw contractFieldMissing(field);
  return value.trim();
}
function assertRub(currency) {
  const iso = currency?.IsoCode ?? "";
  if (iso !== SUPPORTED_CURRENCY) throw unsupportedCurrency(iso || "(none)");
}
function assertTenant(what, expectedDeveloperId, tenantId) {
  if (expectedDeveloperId !== tenantId) throw tenantMismatch(what, expectedDeveloperId, tenantId);
}
export {
  EMPTY_GUID,
  SUPPORTED_CURRENCY,
  assertRub,
  assertTenant,
  isStale,
  requireId,
  requireText,
  requireVersion
};
//# sourceMappingURL=payload-rules.js.map
