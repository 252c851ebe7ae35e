import type { Viewer } from "../../../platform/auth/viewer.js";
import type { Recipient } from "../notification.decide.js";

/** Whose inbox: a user, plus their developer's shared notifications when they manage one. */
export interface InboxOwner {
  readonly userId: string;
  readonly developerTenantId: string | null;
}

export function inboxOwnerOf(viewer: Viewer): InboxOwner {
  return {
    userId: viewer.userId,
    developerTenantId: viewer.roles.includes("developer_manager") ? viewer.tenantId : null,
  };
}

/** Whether a notification addressed to `recipient` (minus its excluded actor) is in the owner's inbox. */
export function isInInbox(
  owner: InboxOwner,
  recipient: { kind: Recipient["kind"]; id: string; excludedUserId: string | null },
): boolean {
  if (recipient.kind === "User") return recipient.id === owner.userId;
  return recipient.id === owner.developerTenantId && recipient.excludedUserId !== owner.userId;
}

/** The live-hub keys an owner listens on (one per stream their inbox is made of). */
export function inboxKeysOf(owner: InboxOwner): string[] {
  return [
    recipientKey("User", owner.userId),
    ...(owner.developerTenantId ? [recipientKey("Developer", owner.developerTenantId)] : []),
  ];
}

export function recipientKey(kind: Recipient["kind"], id: string): string {
  return `${kind}:${id}`;
}
