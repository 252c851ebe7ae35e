import { ForbiddenError } from "../errors/domain-error.js";

export const ROLES = ["agent", "investor", "pin_manager", "developer_manager", "admin", "system"] as const;
export type UserRole = (typeof ROLES)[number];

/** Who is calling: taken from the bearer JWT (sub, roles, tenant). */
export interface Viewer {
  readonly userId: string;
  readonly roles: readonly UserRole[];
  /** DeveloperId (= TenantId) for developer staff, null for everyone else. */
  readonly tenantId: string | null;
}

export function hasRole(viewer: Viewer | null, ...roles: UserRole[]): boolean {
  return viewer !== null && viewer.roles.some((r) => roles.includes(r));
}

/** Platform staff that may act across tenants. */
export function isPlatformStaff(viewer: Viewer | null): boolean {
  return hasRole(viewer, "pin_manager", "admin", "system");
}

/** developer_manager of exactly this tenant. */
export function isDeveloperManagerOf(viewer: Viewer | null, tenantId: string): boolean {
  return viewer !== null && viewer.roles.includes("developer_manager") && viewer.tenantId === tenantId;
}

const IN_PROCESS = new WeakSet<Viewer>();

/**
 * The platform itself acting in-process (the demo seed, workers, tests' fixtures): the only
 * `system` viewer that may change structure and prices. A `system` *token* is a read-only service
 * identity (issue #25; the role table in docs/engineering/security.md): no token can yield this object.
 */
export function inProcessSystemViewer(userId: string): Viewer {
  const viewer: Viewer = Object.freeze({ userId, roles: ["system"] as const, tenantId: null });
  IN_PROCESS.add(viewer);
  return viewer;
}

export function isInProcessSystem(viewer: Viewer | null): boolean {
  return viewer !== null && IN_PROCESS.has(viewer);
}

export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw new ForbiddenError("AUTH_REQUIRED", "Sign in first: send Authorization: Bearer <token>");
  return viewer;
}
