import { isDomainError } from "../../../platform/errors/domain-error.js";
import type { ErrorClass } from "../../../platform/events/consumer/definition.js";
import type { ReaderViolation } from "../../../platform/events/contracts/reader-gate.js";
import { CATALOG_ERROR } from "../catalog.errors.js";

/** The spec's retry table by code (anything else: the platform's defaults). */
export function classifyCatalogSyncError(error: unknown): ErrorClass | undefined {
  if (!isDomainError(error)) return undefined;
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
      return undefined;
  }
}

/**
 * The gate's verdict on a payload that breaks the group's reader contract, as the spec's error
 * table says (decision 0300): a required field absent or null → CATALOG_SYNC_CONTRACT_FIELD_MISSING
 * (non-retriable, DLQ + alert); present but of the wrong type or format →
 * CATALOG_SYNC_INVALID_PAYLOAD (the code of the flows' own input checks).
 */
export function catalogContractViolationCode(violations: readonly ReaderViolation[]): string {
  return violations.some((v) => v.kind === "missing")
    ? CATALOG_ERROR.contractFieldMissing
    : CATALOG_ERROR.invalidPayload;
}
