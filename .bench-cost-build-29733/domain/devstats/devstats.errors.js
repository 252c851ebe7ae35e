import {
  DomainError,
  ForbiddenError,
  IllegalStateError,
  NotFoundError,
  ValidationError
} from "../../platform/errors/domain-error.js";
const DEVSTATS_ERROR = {
  forbidden: "DEVSTATS_FORBIDDEN",
  developerRequired: "DEVSTATS_DEVELOPER_REQUIRED",
  filterInvalid: "DEVSTATS_FILTER_INVALID",
  unavailable: "DEVSTATS_ANALYTICS_UNAVAILABLE",
  dimensionNotFound: "DEVSTATS_DIMENSION_NOT_FOUND",
  tenantMismatch: "DEVSTATS_TENANT_MISMATCH",
  payloadInvalid: "DEVSTATS_PAYLOAD_INVALID"
};
const DEVSTATS_ERROR_DOCS = {
  DEVSTATS_FORBIDDEN: "Only developer staff (their own developer) and platform staff may read the funnel.",
  DEVSTATS_DEVELOPER_REQUIRED: "Platform staff must name the developer whose funnel they read.",
  DEVSTATS_FILTER_INVALID: "A filter id is not a UUID, or the date range is reversed, malformed or too long.",
  DEVSTATS_ANALYTICS_UNAVAILABLE: "No analytics engine in this process (no CLICKHOUSE_URL and chdb not installed).",
  DEVSTATS_DIMENSION_NOT_FOUND: "Consumer: no dim_property_object row for the booking's object yet (late dimension): parked and retried, then DLQ.",
  DEVSTATS_TENANT_MISMATCH: "Consumer: the event's TenantId differs from the object's DeveloperId: nothing written, skipped with an alert.",
  DEVSTATS_PAYLOAD_INVALID: "Consumer: the payload lacks a required field or has a malformed one: skipped with a warning."
};
const devstatsErrors = {
  forbidden: () => new ForbiddenError(DEVSTATS_ERROR.forbidden, DEVSTATS_ERROR_DOCS.DEVSTATS_FORBIDDEN),
  developerRequired: () => new ValidationError(DEVSTATS_ERROR.developerRequired, DEVSTATS_ERROR_DOCS.DEVSTATS_DEVELOPER_REQUIRED),
  filterInvalid: (what) => new ValidationError(DEVSTATS_ERROR.filterInvalid, `Invalid funnel filter: ${what}`, { what }),
  unavailable: (reason) => new IllegalStateError(DEVSTATS_ERROR.unavailable, `Analytics unavailable: ${reason}`),
  dimensionNotFound: (propertyObjectId) => new NotFoundError(
    DEVSTATS_ERROR.dimensionNotFound,
    `No dim_property_object row for ${propertyObjectId} yet`,
    { propertyObjectId }
  ),
  tenantMismatch: (propertyObjectId) => new DomainError(
    DEVSTATS_ERROR.tenantMismatch,
    `TenantId of the event differs from the DeveloperId of property object ${propertyObjectId}`,
    "forbidden",
    { propertyObjectId }
  ),
  payloadInvalid: (reason) => new ValidationError(DEVSTATS_ERROR.payloadInvalid, `Invalid booking-created payload: ${reason}`)
};
export {
  DEVSTATS_ERROR,
  DEVSTATS_ERROR_DOCS,
  devstatsErrors
};
//# sourceMappingURL=devstats.errors.js.map
