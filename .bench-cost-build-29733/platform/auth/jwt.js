import { createSecretKey } from "node:crypto";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { isUuid } from "../validation/text.js";
import { ROLES } from "./viewer.js";
import { DEV_JWT_SECRET } from "../config/settings.js";
const TOKEN_TTL_SECONDS = 12 * 60 * 60;
const DEFAULT_MAX_TTL_SECONDS = 12 * 60 * 60;
const TOKEN_MAX_LENGTH = 8192;
const VERIFIED_TOKEN_CACHE_MS = 6e4;
const VERIFIED_TOKEN_CACHE_MAX = 1e4;
const ASYMMETRIC_ALGORITHMS = ["RS256", "PS256", "ES256", "ES384", "EdDSA"];
class TokenError extends Error {
  constructor(message) {
    super(message);
    this.name = "TokenError";
  }
}
function createTokenService(options) {
  const maxTtl = options.maxTtlSeconds ?? DEFAULT_MAX_TTL_SECONDS;
  const secretKey = options.secret ? createSecretKey(Buffer.from(options.secret, "utf8")) : null;
  const jwks = options.jwksUrl ? createRemoteJWKSet(new URL(options.jwksUrl), {
    cacheMaxAge: 10 * 6e4,
    cooldownDuration: options.jwksCooldownMs ?? 3e4,
    timeoutDuration: 5e3
  }) : null;
  if (!secretKey && !jwks) throw new Error("createTokenService needs a secret or a JWKS URL");
  const nowMs = options.nowMs ?? Date.now;
  const verified = verifiedTokenCache(options.verifiedCacheMs ?? VERIFIED_TOKEN_CACHE_MS);
  async function verifyPayload(token, now) {
    const common = {
      issuer: options.issuer,
      currentDate: new Date(now),
      requiredClaims: ["exp", "sub"],
      ...options.audience ? { audience: options.audience } : {}
    };
    if (jwks) return (await jwtVerify(token, jwks, { ...common, algorithms: ASYMMETRIC_ALGORITHMS })).payload;
    return (await jwtVerify(token, secretKey, { ...common, algorithms: ["HS256"] })).payload;
  }
  const service = {
    async sign(viewer) {
      if (!secretKey) throw new Error("this token service verifies JWKS tokens and cannot sign");
      return new SignJWT({ roles: [...viewer.roles], tenant: viewer.tenantId }).setProtectedHeader({ alg: "HS256" }).setSubject(viewer.userId).setIssuer(options.issuer).setIssuedAt().setExpirationTime(`${Math.min(TOKEN_TTL_SECONDS, maxTtl)}s`).sign(secretKey);
    },
    async verify(token) {
      return (await service.verifySession(token)).viewer;
    },
    async verifySession(token) {
      if (token.length > TOKEN_MAX_LENGTH) throw new TokenError("invalid token: too long");
      const now = nowMs();
      const known = verified.get(token, now);
      if (known) return known;
      try {
        const payload = await verifyPayload(token, now);
        const session = {
          viewer: viewerOf(payload, maxTtl, now / 1e3),
          expiresAtMs: payload.exp * 1e3
        };
        verified.set(token, session, Math.min(session.expiresAtMs, now + verified.ttlMs), now);
        return session;
      } catch (error) {
        if (error instanceof TokenError) throw error;
        if (error instanceof joseErrors.JWTClaimValidationFailed)
          throw new TokenError(`invalid token: ${error.code} (${error.claim})`);
        if (error instanceof joseErrors.JOSEError) throw new TokenError(`invalid token: ${error.code}`);
        throw error;
      }
    }
  };
  return service;
}
function verifiedTokenCache(ttlMs) {
  const entries = /* @__PURE__ */ new Map();
  return {
    ttlMs,
    get(token, nowMs) {
      const entry = entries.get(token);
      if (!entry) return null;
      if (entry.untilMs > nowMs) return entry.session;
      entries.delete(token);
      return null;
    },
    set(token, session, untilMs, nowMs) {
      if (ttlMs <= 0 || untilMs <= nowMs) return;
      entries.delete(token);
      entries.set(token, { session, untilMs });
      if (entries.size > VERIFIED_TOKEN_CACHE_MAX) entries.delete(entries.keys().next().value);
    }
  };
}
const TOKEN_CLOCK_SKEW_SECONDS = 60;
function viewerOf(payload, maxTtlSeconds, nowSeconds = Date.now() / 1e3) {
  const exp = payload.exp;
  if (typeof exp !== "number") throw new TokenError("invalid token: exp is required");
  if (exp - nowSeconds > maxTtlSeconds + 60) throw new TokenError("invalid token: lifetime too long");
  if (typeof payload.iat === "number" && payload.iat > nowSeconds + TOKEN_CLOCK_SKEW_SECONDS)
    throw new TokenError("invalid token: issued in the future");
  if (typeof payload.iat === "number" && exp - payload.iat > maxTtlSeconds + 60)
    throw new TokenError("invalid token: lifetime too long");
  if (typeof payload.sub !== "string" || !isUuid(payload.sub))
    throw new TokenError("invalid token: the subject must be a user id (UUID)");
  const roles = Array.isArray(payload.roles) ? payload.roles.slice(0, ROLES.length * 2) : [];
  const known = [
    ...new Set(
      roles.filter((r) => typeof r === "string" && ROLES.includes(r))
    )
  ];
  if (known.length === 0) throw new TokenError("invalid token: no known role");
  const tenant = payload.tenant;
  if (tenant !== void 0 && tenant !== null && (typeof tenant !== "string" || !isUuid(tenant)))
    throw new TokenError("invalid token: tenant must be a developer id (UUID)");
  return {
    userId: payload.sub.toLowerCase(),
    roles: known,
    tenantId: typeof tenant === "string" ? tenant.toLowerCase() : null
  };
}
function bearerToken(header) {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}
export {
  DEV_JWT_SECRET,
  TOKEN_CLOCK_SKEW_SECONDS,
  TOKEN_MAX_LENGTH,
  TokenError,
  VERIFIED_TOKEN_CACHE_MAX,
  VERIFIED_TOKEN_CACHE_MS,
  bearerToken,
  createTokenService,
  viewerOf
};
//# sourceMappingURL=jwt.js.map
