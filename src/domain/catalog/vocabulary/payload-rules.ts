/**
 * The input rules every sync flow's decide applies to its payload before deciding anything (pure):
 * ids, versions, required texts, the currency, the tenant and the monotonic version guard. A
 * broken rule throws the spec's typed error (catalog.errors.ts).
 */
import {
  contractFieldMissing,
  invalidPayload,
  tenantMismatch,
  unsupportedCurrency,
} from "../catalog.errors.js";

export const EMPTY_GUID = "00000000-0000-0000-0000-000000000000";
export const SUPPORTED_CURRENCY = "RUB";

/** The monotonic version guard (INV-3 project-card, INV-4 property-object-card). */
export const isStale = (eventVersion: number, cardVersion: number | null): boolean =>
  cardVersion !== null && eventVersion <= cardVersion;

export function requireId(field: string, value: string): void {
  if (!value || value === EMPTY_GUID) throw invalidPayload(field, "must be a non-empty id");
}

export function requireVersion(version: number): void {
  if (!Number.isSafeInteger(version) || version < 1) throw invalidPayload("Version", "must be >= 1");
}

/** DSC-CAT-1: a required text field missing or blank → CATALOG_SYNC_CONTRACT_FIELD_MISSING. */
export function requireText(field: string, value: string | null | undefined): string {
  if (typeof value !== "string" || value.trim() === "") throw contractFieldMissing(field);
  return value.trim();
}

/** v1 of the storefront is rouble-only: anything else is dead-lettered with an alert. */
export function assertRub(currency: { readonly IsoCode?: string | null } | null | undefined): void {
  const iso = currency?.IsoCode ?? "";
  if (iso !== SUPPORTED_CURRENCY) throw unsupportedCurrency(iso || "(none)");
}

/** Tenant checks fail closed: a different tenant is never written, whatever the reason. */
export function assertTenant(what: string, expectedDeveloperId: string, tenantId: string): void {
  if (expectedDeveloperId !== tenantId) throw tenantMismatch(what, expectedDeveloperId, tenantId);
}
