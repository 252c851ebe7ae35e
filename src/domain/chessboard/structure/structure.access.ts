import type { Viewer } from "../../../platform/auth/viewer.js";
import { hasRole, isDeveloperManagerOf } from "../../../platform/auth/viewer.js";
import { forbidden } from "../chessboard.errors.js";

/** Developer staff edit only their own developer's structure; admin/system edit any. */
export function assertMayEditTenant(viewer: Viewer, tenantId: string): void {
  if (hasRole(viewer, "admin", "system")) return;
  if (isDeveloperManagerOf(viewer, tenantId)) return;
  throw forbidden("Only the developer's own staff (or an admin) may change its chessboard");
}
