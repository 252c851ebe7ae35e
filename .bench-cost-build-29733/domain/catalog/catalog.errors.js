import {
  ConflictError,
  DomainError,
  NotFoundError,
  ValidationError
} from "../../platform/errors/domain-error.js";
const CATALOG_ERROR = {
  projectNotFound: "CATALOG_SYNC_PROJECT_NOT_FOUND",
  propertyObjectNotFound: "CATALOG_SYNC_PROPERTY_OBJECT_NOT_FOUND",
  contractFieldMissing: "CATALOG_SYNC_CONTRACT_FIELD_MISSING",
  unsupportedCurrency: "CATALOG_SYNC_UNSUPPORTED_CURRENCY",
  tenantMismatch: "CATALOG_SYNC_TENANT_MISMATCH",
  kindChanged: "CATALOG_SYNC_KIND_CHANGED",
  invalidPayload: "CATALOG_SYNC_INVALID_PAYLOAD"
};
const projectCardNotFound = (projectId) => new NotFoundError(CATALOG_ERROR.projectNotFound, `project card ${projectId} does not exist yet`, {
  projectId
});
const propertyObjectCardNotFound = (propertyObjectId) => new NotFoundError(
  CATALOG_ERROR.propertyObjectNotFound,
  `property object card ${propertyObjectId} does not exist yet`,
  { propertyObjectId }
);
const contractFieldMissing = (field) => new ValidationError(
  CATALOG_ERROR.contractFieldMissing,
  `required contract field ${field} is missing or empty`,
  {
    field
  }
);
const unsupportedCurrency = (isoCode) => new ValidationError(CATALOG_ERROR.unsupportedCurrency, `currency ${isoCode} is not supported (RUB only)`, {
  isoCode: isoCode.slice(0, 8)
});
const tenantMismatch = (what, expected, got) => new DomainError(
  CATALOG_ERROR.tenantMismatch,
  `${what}: tenant ${got} differs from developer ${expected}`,
  "forbidden",
  {
    expected,
    got
  }
);
const kindChanged = (projectId, kind, mapped, mismatches) => new DomainError(
  CATALOG_ERROR.kindChanged,
  `project ${projectId}: Kind ${kind} \u2192 ${mapped} for the ${mismatches}th consecutive time`,
  "illegal_state",
  { projectId, kind, mapped, mismatches }
);
const invalidPayload = (field, rule) => new ValidationError(CATALOG_ERROR.invalidPayload, `${field}: ${rule}`, { field, rule });
const CATALOG_STOREFRONT_ERROR = {
  invalidCursor: "CATALOG_INVALID_CURSOR",
  invalidFilter: "CATALOG_INVALID_FILTER",
  cardNotFound: "CATALOG_CARD_NOT_FOUND",
  invalidOverride: "CATALOG_OVERRIDE_INVALID",
  overrideNotFound: "CATALOG_OVERRIDE_NOT_FOUND",
  invalidRebuild: "CATALOG_REBUILD_INVALID",
  rebuildJobNotFound: "CATALOG_REBUILD_JOB_NOT_FOUND"
};
const invalidFilter = (field, rule) => new ValidationError(CATALOG_STOREFRONT_ERROR.invalidFilter, `${field}: ${rule}`, { field, rule });
const cardNotFound = (what, id) => new NotFoundError(CATALOG_STOREFRONT_ERROR.cardNotFound, `${what} ${id} has no catalog card`, { what, id });
const invalidOverride = (field, rule) => new ValidationError(CATALOG_STOREFRONT_ERROR.invalidOverride, `${field}: ${rule}`, { field, rule });
const overrideNotFound = (what, id) => new NotFoundError(CATALOG_STOREFRONT_ERROR.overrideNotFound, `${what} ${id} has no display override`, {
  what,
  id
});
const invalidRebuild = (rule) => new ValidationError(CATALOG_STOREFRONT_ERROR.invalidRebuild, rule, { rule });
const rebuildJobNotFound = (id) => new NotFoundError(CATALOG_STOREFRONT_ERROR.rebuildJobNotFound, `rebuild job ${id} does not exist`, { id });
const CATALOG_SAVED_SEARCH_ERROR = {
  invalid: "CATALOG_SAVED_SEARCH_INVALID",
  limit: "CATALOG_SAVED_SEARCH_LIMIT",
  notFound: "CATALOG_SAVED_SEARCH_NOT_FOUND"
};
const invalidSavedSearch = (field, rule) => new ValidationError(CATALOG_SAVED_SEARCH_ERROR.invalid, `${field}: ${rule}`, { field, rule });
const savedSearchLimit = (max) => new ConflictError(CATALOG_SAVED_SEARCH_ERROR.limit, `at most ${max} saved searches a user`, { max });
const savedSearchNotFound = (id) => new NotFoundError(CATALOG_SAVED_SEARCH_ERROR.notFound, `saved search ${id.slice(0, 64)} does not exist`, {
  id: id.slice(0, 64)
});
export {
  CATALOG_ERROR,
  CATALOG_SAVED_SEARCH_ERROR,
  CATALOG_STOREFRONT_ERROR,
  cardNotFound,
  contractFieldMissing,
  invalidFilter,
  invalidOverride,
  invalidPayload,
  invalidRebuild,
  invalidSavedSearch,
  kindChanged,
  overrideNotFound,
  projectCardNotFound,
  propertyObjectCardNotFound,
  rebuildJobNotFound,
  savedSearchLimit,
  savedSearchNotFound,
  tenantMismatch,
  unsupportedCurrency
};
//# sourceMappingURL=catalog.errors.js.map
