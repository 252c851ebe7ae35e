function inboxOwnerOf(viewer) {
  return {
    userId: viewer.userId,
    developerTenantId: viewer.roles.includes("developer_manager") ? viewer.tenantId : null
  };
}
function isInInbox(owner, recipient) {
  if (recipient.kind === "User") return recipient.id === owner.userId;
  return recipient.id === owner.developerTenantId && recipient.excludedUserId !== owner.userId;
}
function inboxKeysOf(owner) {
  return [
    recipientKey("User", owner.userId),
    ...owner.developerTenantId ? [recipientKey("Developer", owner.developerTenantId)] : []
  ];
}
function recipientKey(kind, id) {
  return `${kind}:${id}`;
}
export {
  inboxKeysOf,
  inboxOwnerOf,
  isInInbox,
  recipientKey
};
//# sourceMappingURL=inbox-owner.js.map
