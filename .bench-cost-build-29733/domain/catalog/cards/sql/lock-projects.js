async function lockProjects(tx, projectIds) {
  const keys = [...new Set(projectIds)].sort().map((id) => `catalog:project:${id}`);
  if (keys.length === 0) return;
  await tx.$executeRaw`
    SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM unnest(${keys}::text[]) AS t(k)`;
}
export {
  lockProjects
};
//# sourceMappingURL=lock-projects.js.map
