import type { Viewer } from "../../../platform/auth/viewer.js";
import { hasRole, isDeveloperManagerOf, isInProcessSystem } from "../../../platform/auth/viewer.js";
import { forbidden } from "../chessboard.errors.js";

/**
 * Developer staff edit only their own developer's structure; admin and the platform acting
 * in-process (seed, fixtures) edit any. A `system` token is read-only (issue #25).
 */
export function assertMayEditTenant(viewer: Viewer, tenantId: string): void {
  if (hasRole(viewer, "admin") || isInProcessSystem(viewer)) return;
  if (isDeveloperManagerOf(viewer, tenantId)) return;
  throw forbidden("Only the developer's own staff (or an admin) may change its chessboard");
}
