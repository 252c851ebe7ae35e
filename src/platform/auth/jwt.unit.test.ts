import { describe, expect, it } from "vitest";
import { bearerToken, createTokenService, TokenError } from "./jwt.js";

describe("bearer JWT", () => {
  const tokens = createTokenService({ secret: "test-secret", issuer: "pin-platform" });

  it("round-trips subject, roles and tenant", async () => {
    const token = await tokens.sign({ userId: "u1", roles: ["developer_manager"], tenantId: "dev-1" });
    await expect(tokens.verify(token)).resolves.toEqual({
      userId: "u1",
      roles: ["developer_manager"],
      tenantId: "dev-1",
    });
  });

  it("refuses a token signed with another secret", async () => {
    const other = createTokenService({ secret: "other", issuer: "pin-platform" });
    const token = await other.sign({ userId: "u1", roles: ["agent"], tenantId: null });
    await expect(tokens.verify(token)).rejects.toBeInstanceOf(TokenError);
  });

  it("refuses a token without known roles", async () => {
    const token = await tokens.sign({ userId: "u1", roles: [], tenantId: null });
    await expect(tokens.verify(token)).rejects.toThrow(/roles/);
  });

  it("reads the Authorization header", () => {
    expect(bearerToken("Bearer abc.def")).toBe("abc.def");
    expect(bearerToken("bearer  xyz")).toBe("xyz");
    expect(bearerToken("Basic abc")).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});
