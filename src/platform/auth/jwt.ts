import { createSecretKey } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { ROLES, type UserRole, type Viewer } from "./viewer.js";

/** Used only when no PIN_JWT_SECRET is configured (never in production: config refuses it). */
export const DEV_JWT_SECRET = "pin-embedded-development-secret-not-for-production";
const TOKEN_TTL = "12h";

export interface TokenService {
  sign(viewer: Viewer): Promise<string>;
  /** null when the token is missing; throws TokenError when present but invalid. */
  verify(token: string): Promise<Viewer>;
}

export class TokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TokenError";
  }
}

export function createTokenService(options: { secret: string; issuer: string }): TokenService {
  // A KeyObject built once: jose would otherwise import the raw bytes on every sign/verify.
  const key = createSecretKey(Buffer.from(options.secret, "utf8"));
  return {
    async sign(viewer) {
      return new SignJWT({ roles: [...viewer.roles], tenant: viewer.tenantId })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(viewer.userId)
        .setIssuer(options.issuer)
        .setIssuedAt()
        .setExpirationTime(TOKEN_TTL)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: options.issuer, algorithms: ["HS256"] });
        const roles = Array.isArray(payload.roles) ? payload.roles : [];
        const known = roles.filter(
          (r): r is UserRole => typeof r === "string" && (ROLES as readonly string[]).includes(r),
        );
        if (typeof payload.sub !== "string" || known.length === 0)
          throw new TokenError("token has no subject or roles");
        const tenant = typeof payload.tenant === "string" ? payload.tenant : null;
        return { userId: payload.sub, roles: known, tenantId: tenant };
      } catch (error) {
        if (error instanceof TokenError) throw error;
        if (error instanceof joseErrors.JOSEError) throw new TokenError(`invalid token: ${error.code}`);
        throw error;
      }
    },
  };
}

/** `Authorization: Bearer <jwt>` → the token, or null. */
export function bearerToken(header: string | null | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}
