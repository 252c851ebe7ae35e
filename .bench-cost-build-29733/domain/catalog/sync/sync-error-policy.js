import { isDomainError } from "../../../platform/errors/domain-error.js";
import { CATALOG_ERROR } from "../catalog.errors.js";
function classifyCatalogSyncError(error) {
  if (!isDomainError(error)) return void 0;
  switch (error.code) {
    case CATALOG_ERROR.projectNotFound:
    case CATALOG_ERROR.propertyObjectNotFound:
      return "retriable";
    case CATALOG_ERROR.contractFieldMissing:
    case CATALOG_ERROR.unsupportedCurrency:
    case CATALOG_ERROR.tenantMismatch:
    case CATALOG_ERROR.kindChanged:
    case CATALOG_ERROR.invalidPayload:
      return "non-retriable";
    default:
      return void 0;
  }
}
function catalogContractViolationCode(violations) {
  return violations.some((v) => v.kind === "missing") ? CATALOG_ERROR.contractFieldMissing : CATALOG_ERROR.invalidPayload;
}
export {
  catalogContractViolationCode,
  classifyCatalogSyncError
};
//# sourceMappingURL=sync-error-policy.js.map
