import {
  ConflictError,
  DomainError,
  NotFoundError,
  ValidationError,
} from "../../platform/errors/domain-error.js";

/**
 * Stable error codes of the catalog context (docs/guide/errors.md). The retry class of each sync code is
 * the spec's table: *_NOT_FOUND retriable (parked, then DLQ); the others non-retriable (DLQ + alert).
 */
export const CATALOG_ERROR = {
  projectNotFound: "CATALOG_SYNC_PROJECT_NOT_FOUND",
  propertyObjectNotFound: "CATALOG_SYNC_PROPERTY_OBJECT_NOT_FOUND",
  contractFieldMissing: "CATALOG_SYNC_CONTRACT_FIELD_MISSING",
  unsupportedCurrency: "CATALOG_SYNC_UNSUPPORTED_CURRENCY",
  tenantMismatch: "CATALOG_SYNC_TENANT_MISMATCH",
  kindChanged: "CATALOG_SYNC_KIND_CHANGED",
  invalidPayload: "CATALOG_SYNC_INVALID_PAYLOAD",
} as const;
export type CatalogErrorCode = (typeof CATALOG_ERROR)[keyof typeof CATALOG_ERROR];

/** Retriable by the spec: the other topic's event is late (cross-topic order is not guaranteed). */
export const projectCardNotFound = (projectId: string) =>
  new NotFoundError(CATALOG_ERROR.projectNotFound, `project card ${projectId} does not exist yet`, {
    projectId,
  });

export const propertyObjectCardNotFound = (propertyObjectId: string) =>
  new NotFoundError(
    CATALOG_ERROR.propertyObjectNotFound,
    `property object card ${propertyObjectId} does not exist yet`,
    { propertyObjectId },
  );

export const contractFieldMissing = (field: string) =>
  new ValidationError(
    CATALOG_ERROR.contractFieldMissing,
    `required contract field ${field} is missing or empty`,
    {
      field,
    },
  );

export const unsupportedCurrency = (isoCode: string) =>
  new ValidationError(CATALOG_ERROR.unsupportedCurrency, `currency ${isoCode} is not supported (RUB only)`, {
    isoCode: isoCode.slice(0, 8),
  });

export const tenantMismatch = (what: string, expected: string, got: string) =>
  new DomainError(
    CATALOG_ERROR.tenantMismatch,
    `${what}: tenant ${got} differs from developer ${expected}`,
    "forbidden",
    {
      expected,
      got,
    },
  );

export const kindChanged = (projectId: string, kind: string, mapped: string, mismatches: number) =>
  new DomainError(
    CATALOG_ERROR.kindChanged,
    `project ${projectId}: Kind ${kind} → ${mapped} for the ${mismatches}th consecutive time`,
    "illegal_state",
    { projectId, kind, mapped, mismatches },
  );

export const invalidPayload = (field: string, rule: string) =>
  new ValidationError(CATALOG_ERROR.invalidPayload, `${field}: ${rule}`, { field, rule });

/**
 * Storefront and operations codes (the lots feed, display overrides, projection rebuild). Kept apart
 * from CATALOG_ERROR because those are the sync group's retry classes.
 */
export const CATALOG_STOREFRONT_ERROR = {
  invalidCursor: "CATALOG_INVALID_CURSOR",
  invalidFilter: "CATALOG_INVALID_FILTER",
  cardNotFound: "CATALOG_CARD_NOT_FOUND",
  invalidOverride: "CATALOG_OVERRIDE_INVALID",
  overrideNotFound: "CATALOG_OVERRIDE_NOT_FOUND",
  invalidRebuild: "CATALOG_REBUILD_INVALID",
  rebuildJobNotFound: "CATALOG_REBUILD_JOB_NOT_FOUND",
} as const;

export const invalidFilter = (field: string, rule: string) =>
  new ValidationError(CATALOG_STOREFRONT_ERROR.invalidFilter, `${field}: ${rule}`, { field, rule });

export const cardNotFound = (what: string, id: string) =>
  new NotFoundError(CATALOG_STOREFRONT_ERROR.cardNotFound, `${what} ${id} has no catalog card`, { what, id });

export const invalidOverride = (field: string, rule: string) =>
  new ValidationError(CATALOG_STOREFRONT_ERROR.invalidOverride, `${field}: ${rule}`, { field, rule });

export const overrideNotFound = (what: string, id: string) =>
  new NotFoundError(CATALOG_STOREFRONT_ERROR.overrideNotFound, `${what} ${id} has no display override`, {
    what,
    id,
  });

export const invalidRebuild = (rule: string) =>
  new ValidationError(CATALOG_STOREFRONT_ERROR.invalidRebuild, rule, { rule });

export const rebuildJobNotFound = (id: string) =>
  new NotFoundError(CATALOG_STOREFRONT_ERROR.rebuildJobNotFound, `rebuild job ${id} does not exist`, { id });

/** Saved searches (issue 27). */
export const CATALOG_SAVED_SEARCH_ERROR = {
  invalid: "CATALOG_SAVED_SEARCH_INVALID",
  limit: "CATALOG_SAVED_SEARCH_LIMIT",
  notFound: "CATALOG_SAVED_SEARCH_NOT_FOUND",
} as const;

export const invalidSavedSearch = (field: string, rule: string) =>
  new ValidationError(CATALOG_SAVED_SEARCH_ERROR.invalid, `${field}: ${rule}`, { field, rule });

export const savedSearchLimit = (max: number) =>
  new ConflictError(CATALOG_SAVED_SEARCH_ERROR.limit, `at most ${max} saved searches a user`, { max });

export const savedSearchNotFound = (id: string) =>
  new NotFoundError(CATALOG_SAVED_SEARCH_ERROR.notFound, `saved search ${id.slice(0, 64)} does not exist`, {
    id: id.slice(0, 64),
  });
