import { describe, expect, it } from "vitest";
import type { UserRole, Viewer } from "../../../platform/auth/viewer.js";
import { isChatMember } from "./chat-membership.js";
import { normaliseMessageText } from "./message-text.js";

const TENANT = "44444444-4444-4444-8444-444444444444";
const OTHER_TENANT = "55555555-5555-4555-8555-555555555555";
const chat = { dealId: "d", tenantId: TENANT, agentUserId: "agent-1", investorUserId: "investor-1" };
const viewer = (role: UserRole, userId: string, tenantId: string | null = null): Viewer => ({
  userId,
  roles: [role],
  tenantId,
});

describe("deal chat membership", () => {
  it.each([
    ["the deal's agent", viewer("agent", "agent-1"), true],
    ["the deal's investor", viewer("investor", "investor-1"), true],
    ["a developer_manager of the deal's developer", viewer("developer_manager", "dm-1", TENANT), true],
    ["pin_manager", viewer("pin_manager", "pm"), true],
    ["admin", viewer("admin", "ad"), true],
    ["an agent of another deal", viewer("agent", "agent-2"), false],
    ["an investor of another deal", viewer("investor", "investor-2"), false],
    ["a developer_manager of another developer", viewer("developer_manager", "dm-2", OTHER_TENANT), false],
    ["the agent's user id under another role", viewer("investor", "agent-1"), false],
    ["system", viewer("system", "sys"), false],
  ])("%s → %s", (_who, v, member) => {
    expect(isChatMember(v, chat)).toBe(member);
  });
});

describe("chat message text", () => {
  it("is trimmed and keeps newlines, drops other control characters", () => {
    expect(normaliseMessageText("  hello\n\u0007world\t ")).toBe("hello\nworld");
  });
  it("refuses empty and over-long text (4000 code points)", () => {
    expect(() => normaliseMessageText(" \n ")).toThrow(
      expect.objectContaining({ code: "MESSENGER_MESSAGE_EMPTY" }),
    );
    expect(normaliseMessageText("я".repeat(4000))).toHaveLength(4000);
    expect(() => normaliseMessageText("я".repeat(4001))).toThrow(
      expect.objectContaining({ code: "MESSENGER_MESSAGE_TOO_LONG" }),
    );
    expect(() => normaliseMessageText("x".repeat(1_000_000))).toThrow(
      expect.objectContaining({ code: "MESSENGER_MESSAGE_TOO_LONG" }),
    );
  });
});
