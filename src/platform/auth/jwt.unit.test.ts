import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerToken, createTokenService, TOKEN_MAX_LENGTH, TokenError } from "./jwt.js";

const SECRET = "unit-secret-0123456789-abcdefghijklmnop";
const USER = "0b5e1d7a-0000-4000-8000-00000000a001";
const TENANT = "0b5e1d7a-0000-4000-8000-000000000001";
const key = new TextEncoder().encode(SECRET);

/** A token with exactly the claims given (no defaults), signed HS256 with SECRET. */
function rawToken(claims: Record<string, unknown>, options: { iat?: number; exp?: number | null } = {}) {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setIssuer("pin-platform");
  const now = Math.floor(Date.now() / 1000);
  jwt.setIssuedAt(options.iat ?? now);
  if (options.exp !== null) jwt.setExpirationTime(options.exp ?? now + 3600);
  return jwt.sign(key);
}

describe("bearer JWT", () => {
  const tokens = createTokenService({ secret: SECRET, issuer: "pin-platform", maxTtlSeconds: 12 * 3600 });

  it("round-trips subject, roles and tenant", async () => {
    const token = await tokens.sign({ userId: USER, roles: ["developer_manager"], tenantId: TENANT });
    await expect(tokens.verify(token)).resolves.toEqual({
      userId: USER,
      roles: ["developer_manager"],
      tenantId: TENANT,
    });
  });

  it("refuses a token signed with another secret", async () => {
    const other = createTokenService({ secret: `${SECRET}-other`, issuer: "pin-platform" });
    const token = await other.sign({ userId: USER, roles: ["agent"], tenantId: null });
    await expect(tokens.verify(token)).rejects.toBeInstanceOf(TokenError);
  });

  it("refuses a token without known roles", async () => {
    const token = await tokens.sign({ userId: USER, roles: [], tenantId: null });
    await expect(tokens.verify(token)).rejects.toThrow(/role/);
  });

  it("requires exp: a token without an expiry is refused", async () => {
    const token = await rawToken({ sub: USER, roles: ["agent"] }, { exp: null });
    await expect(tokens.verify(token)).rejects.toThrow(/exp/);
  });

  it("caps the lifetime: a token valid for a year is refused", async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await rawToken({ sub: USER, roles: ["agent"] }, { exp: now + 365 * 86400 });
    await expect(tokens.verify(token)).rejects.toThrow(/lifetime/);
  });

  it("requires the subject to be a well-formed id (UUID), and the tenant too", async () => {
    await expect(tokens.verify(await rawToken({ sub: "u1", roles: ["agent"] }))).rejects.toThrow(/subject/);
    await expect(tokens.verify(await rawToken({ sub: "x".repeat(5000), roles: ["agent"] }))).rejects.toThrow(
      /subject/,
    );
    await expect(
      tokens.verify(await rawToken({ sub: USER, roles: ["developer_manager"], tenant: "acme" })),
    ).rejects.toThrow(/tenant/);
  });

  it("remembers a verified token only until its exp: a cached token is refused once expired", async () => {
    let now = Date.now();
    const clocked = createTokenService({ secret: SECRET, issuer: "pin-platform", nowMs: () => now });
    const exp = Math.floor(now / 1000) + 30;
    const token = await rawToken({ sub: USER, roles: ["agent"] }, { exp });
    await expect(clocked.verify(token)).resolves.toMatchObject({ userId: USER });
    now += 10_000;
    await expect(clocked.verify(token)).resolves.toMatchObject({ userId: USER });
    now = exp * 1000 + 1_000;
    await expect(clocked.verify(token)).rejects.toThrow(/EXPIRED/);
  });

  it("never remembers a refused token", async () => {
    const other = createTokenService({ secret: `${SECRET}-other`, issuer: "pin-platform" });
    const token = await other.sign({ userId: USER, roles: ["agent"], tenantId: null });
    await expect(tokens.verify(token)).rejects.toBeInstanceOf(TokenError);
    await expect(tokens.verify(token)).rejects.toBeInstanceOf(TokenError);
  });

  it("refuses an oversized token before parsing it", async () => {
    await expect(tokens.verify("a".repeat(TOKEN_MAX_LENGTH + 1))).rejects.toThrow(/too long/);
  });

  it("parses the Authorization header", () => {
    expect(bearerToken("Bearer abc")).toBe("abc");
    expect(bearerToken("bearer  abc ")).toBe("abc");
    expect(bearerToken("Basic abc")).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});

describe("JWKS (a local HTTP server plays the identity provider)", () => {
  let server: Server;
  let url: string;
  let served: JWK[] = [];
  let fetches = 0;
  const keys: Array<{ kid: string; privateKey: CryptoKey }> = [];

  async function addKey(kid: string): Promise<void> {
    const pair = await generateKeyPair("ES256");
    keys.push({ kid, privateKey: pair.privateKey });
    served.push({ ...(await exportJWK(pair.publicKey)), kid, alg: "ES256", use: "sig" });
  }
  function signWith(kid: string, claims: Record<string, unknown> = { roles: ["agent"] }) {
    const entry = keys.find((k) => k.kid === kid)!;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "ES256", kid })
      .setSubject(USER)
      .setIssuer("https://id.example.com")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(entry.privateKey);
  }

  beforeAll(async () => {
    await addKey("k1");
    server = createServer((_req, res) => {
      fetches++;
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: served }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("verifies tokens with the provider's keys, fetching the key set once (cached)", async () => {
    const tokens = createTokenService({ jwksUrl: url, issuer: "https://id.example.com" });
    const before = fetches;
    await expect(tokens.verify(await signWith("k1"))).resolves.toMatchObject({
      userId: USER,
      roles: ["agent"],
    });
    await expect(tokens.verify(await signWith("k1"))).resolves.toMatchObject({ userId: USER });
    expect(fetches - before).toBe(1);
  });

  it("picks up a rotated key (unknown kid → refetch) and refuses HS256 tokens", async () => {
    const tokens = createTokenService({ jwksUrl: url, issuer: "https://id.example.com", jwksCooldownMs: 0 });
    await tokens.verify(await signWith("k1"));
    await addKey("k2");
    served = served.filter((k) => k.kid === "k2");
    await expect(tokens.verify(await signWith("k2"))).resolves.toMatchObject({ userId: USER });
    const hs = await rawToken({ sub: USER, roles: ["agent"] });
    await expect(tokens.verify(hs)).rejects.toBeInstanceOf(TokenError);
    await expect(tokens.sign({ userId: USER, roles: ["agent"], tenantId: null })).rejects.toThrow(
      /cannot sign/,
    );
  });
});
