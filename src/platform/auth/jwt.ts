import { createSecretKey, type KeyObject } from "node:crypto";
import { createRemoteJWKSet, type JWTPayload, errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { isUuid } from "../validation/text.js";
import { ROLES, type UserRole, type Viewer } from "./viewer.js";

/** Used only on the embedded database when no PIN_JWT_SECRET is configured (settings refuse it elsewhere). */
export { DEV_JWT_SECRET } from "../config/settings.js";

/** Tokens we sign ourselves (dev tokens, tests) live this long; the accepted maximum is a setting. */
const TOKEN_TTL_SECONDS = 12 * 60 * 60;
const DEFAULT_MAX_TTL_SECONDS = 12 * 60 * 60;
/** A token longer than this is refused before any parsing (a JWT of ours is ~400 bytes). */
export const TOKEN_MAX_LENGTH = 8_192;
/**
 * A verified token is remembered this long at most (never past its exp), so a caller's requests
 * do not each pay the signature check (decision 0200). Shorter than the JWKS key cache (10 min),
 * so a withdrawn key is refused no later than before.
 */
export const VERIFIED_TOKEN_CACHE_MS = 60_000;
/** Distinct tokens remembered at once (oldest forgotten first): bounded memory under any load. */
export const VERIFIED_TOKEN_CACHE_MAX = 10_000;
const ASYMMETRIC_ALGORITHMS = ["RS256", "PS256", "ES256", "ES384", "EdDSA"];

export interface TokenService {
  /** Only with a shared secret (dev tokens, tests); a JWKS-configured service cannot sign. */
  sign(viewer: Viewer): Promise<string>;
  /** Throws TokenError when the token is invalid. */
  verify(token: string): Promise<Viewer>;
  /** verify, plus the instant the token expires (live connections end there, issue #25 item 3). */
  verifySession(token: string): Promise<VerifiedSession>;
}

export interface VerifiedSession {
  readonly viewer: Viewer;
  /** the token's `exp`, in milliseconds since the epoch */
  readonly expiresAtMs: number;
}

export class TokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TokenError";
  }
}

export interface TokenServiceOptions {
  readonly issuer: string;
  /** HS256 shared secret; or */
  readonly secret?: string | null;
  /** the identity provider's JWKS (keys cached, refetched on an unknown kid at most every 30 s). */
  readonly jwksUrl?: string | null;
  readonly audience?: string | null;
  /** Longest accepted lifetime: exp − iat and exp − now. */
  readonly maxTtlSeconds?: number;
  /** Least time between two JWKS fetches (an unknown kid refetches no sooner); default 30 s. */
  readonly jwksCooldownMs?: number;
  /** How long a verified token is remembered (VERIFIED_TOKEN_CACHE_MS by default; 0: never) */
  readonly verifiedCacheMs?: number;
  /** Milliseconds since the epoch (tests move it); Date.now by default */
  readonly nowMs?: () => number;
}

/**
 * Bearer tokens (decision 0141): `exp` is required and a lifetime above maxTtlSeconds is refused,
 * `sub` and `tenant` must be UUIDs, roles must be known. Keys: an HS256 secret or a remote JWKS.
 */
export function createTokenService(options: TokenServiceOptions): TokenService {
  const maxTtl = options.maxTtlSeconds ?? DEFAULT_MAX_TTL_SECONDS;
  // A KeyObject built once: jose would otherwise import the raw bytes on every sign/verify.
  const secretKey: KeyObject | null = options.secret
    ? createSecretKey(Buffer.from(options.secret, "utf8"))
    : null;
  const jwks = options.jwksUrl
    ? createRemoteJWKSet(new URL(options.jwksUrl), {
        cacheMaxAge: 10 * 60_000,
        cooldownDuration: options.jwksCooldownMs ?? 30_000,
        timeoutDuration: 5_000,
      })
    : null;
  if (!secretKey && !jwks) throw new Error("createTokenService needs a secret or a JWKS URL");
  const nowMs = options.nowMs ?? Date.now;
  const verified = verifiedTokenCache(options.verifiedCacheMs ?? VERIFIED_TOKEN_CACHE_MS);

  async function verifyPayload(token: string, now: number): Promise<JWTPayload> {
    const common = {
      issuer: options.issuer,
      currentDate: new Date(now),
      requiredClaims: ["exp", "sub"],
      ...(options.audience ? { audience: options.audience } : {}),
    };
    if (jwks) return (await jwtVerify(token, jwks, { ...common, algorithms: ASYMMETRIC_ALGORITHMS })).payload;
    return (await jwtVerify(token, secretKey!, { ...common, algorithms: ["HS256"] })).payload;
  }

  const service: TokenService = {
    async sign(viewer) {
      if (!secretKey) throw new Error("this token service verifies JWKS tokens and cannot sign");
      return new SignJWT({ roles: [...viewer.roles], tenant: viewer.tenantId })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(viewer.userId)
        .setIssuer(options.issuer)
        .setIssuedAt()
        .setExpirationTime(`${Math.min(TOKEN_TTL_SECONDS, maxTtl)}s`)
        .sign(secretKey);
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
          viewer: viewerOf(payload, maxTtl, now / 1000),
          expiresAtMs: (payload.exp as number) * 1000,
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
    },
  };
  return service;
}

/**
 * Tokens whose signature and claims were checked, by their exact text, each until min(its exp,
 * checked + ttl). Only successes are kept: a bad token costs its full check every time.
 */
function verifiedTokenCache(ttlMs: number) {
  const entries = new Map<string, { session: VerifiedSession; untilMs: number }>();
  return {
    ttlMs,
    get(token: string, nowMs: number): VerifiedSession | null {
      const entry = entries.get(token);
      if (!entry) return null;
      if (entry.untilMs > nowMs) return entry.session;
      entries.delete(token);
      return null;
    },
    set(token: string, session: VerifiedSession, untilMs: number, nowMs: number): void {
      if (ttlMs <= 0 || untilMs <= nowMs) return;
      entries.delete(token);
      entries.set(token, { session, untilMs });
      // Map order is insertion order: the first key is the one remembered longest ago.
      if (entries.size > VERIFIED_TOKEN_CACHE_MAX) entries.delete(entries.keys().next().value as string);
    },
  };
}

/** Clock difference tolerated between the issuer and us: a token issued later than this ahead is refused (issue #42 item 8). */
export const TOKEN_CLOCK_SKEW_SECONDS = 60;

/** Claims → Viewer, refusing what a well-behaved issuer never sends. */
export function viewerOf(payload: JWTPayload, maxTtlSeconds: number, nowSeconds = Date.now() / 1000): Viewer {
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
      roles.filter((r): r is UserRole => typeof r === "string" && (ROLES as readonly string[]).includes(r)),
    ),
  ];
  if (known.length === 0) throw new TokenError("invalid token: no known role");
  const tenant = payload.tenant;
  if (tenant !== undefined && tenant !== null && (typeof tenant !== "string" || !isUuid(tenant)))
    throw new TokenError("invalid token: tenant must be a developer id (UUID)");
  return {
    userId: payload.sub.toLowerCase(),
    roles: known,
    tenantId: typeof tenant === "string" ? tenant.toLowerCase() : null,
  };
}

/** `Authorization: Bearer <jwt>` → the token, or null. */
export function bearerToken(header: string | null | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}
