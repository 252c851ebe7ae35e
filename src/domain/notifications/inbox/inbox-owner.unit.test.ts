import { describe, expect, it } from "vitest";
import { markSelection } from "../notifications-input.js";
import { inboxKeysOf, inboxOwnerOf, isInInbox } from "./inbox-owner.js";

const TENANT = "44444444-4444-4444-8444-444444444444";

describe("whose inbox a notification is in", () => {
  const manager = inboxOwnerOf({ userId: "dm-1", roles: ["developer_manager"], tenantId: TENANT });
  const agent = inboxOwnerOf({ userId: "agent-1", roles: ["agent"], tenantId: null });

  it("a user's own notifications; a developer's shared ones only for its managers, minus the actor", () => {
    expect(isInInbox(agent, { kind: "User", id: "agent-1", excludedUserId: null })).toBe(true);
    expect(isInInbox(agent, { kind: "User", id: "agent-2", excludedUserId: null })).toBe(false);
    expect(isInInbox(agent, { kind: "Developer", id: TENANT, excludedUserId: null })).toBe(false);
    expect(isInInbox(manager, { kind: "Developer", id: TENANT, excludedUserId: null })).toBe(true);
    expect(isInInbox(manager, { kind: "Developer", id: TENANT, excludedUserId: "dm-1" })).toBe(false);
    expect(isInInbox(manager, { kind: "Developer", id: "other", excludedUserId: null })).toBe(false);
  });

  it("live keys: the user's stream, plus the developer's for its managers", () => {
    expect(inboxKeysOf(agent)).toEqual(["User:agent-1"]);
    expect(inboxKeysOf(manager)).toEqual(["User:dm-1", `Developer:${TENANT}`]);
  });

  it("markNotificationsRead takes ids xor all, ids bounded and validated", () => {
    expect(markSelection(null, true)).toEqual({ all: true });
    expect(markSelection(["1", "2", "2"], null)).toEqual({ ids: [1n, 2n] });
    expect(() => markSelection(["1"], true)).toThrow(
      expect.objectContaining({ code: "NOTIFICATIONS_INVALID_MARK" }),
    );
    expect(() => markSelection([], null)).toThrow(
      expect.objectContaining({ code: "NOTIFICATIONS_INVALID_MARK" }),
    );
    expect(() => markSelection(null, null)).toThrow(
      expect.objectContaining({ code: "NOTIFICATIONS_INVALID_MARK" }),
    );
    expect(() =>
      markSelection(
        Array.from({ length: 101 }, (_, i) => String(i + 1)),
        null,
      ),
    ).toThrow(expect.objectContaining({ code: "NOTIFICATIONS_INVALID_MARK" }));
    expect(() => markSelection(["abc"], null)).toThrow(
      expect.objectContaining({ code: "NOTIFICATIONS_INVALID_ID" }),
    );
  });
});
