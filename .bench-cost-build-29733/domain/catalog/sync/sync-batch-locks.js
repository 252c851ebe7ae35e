import { lockProjects } from "../cards/recompute-cards.js";
async function lockSyncBatchProjects(tx, targets) {
  const lots = [...new Set(targets.lotIds)];
  const developers = [...new Set(targets.developerIds)];
  const held = /* @__PURE__ */ new Set();
  let wanted = new Set(targets.projectIds);
  for (; ; ) {
    if (lots.length > 0 || developers.length > 0) {
      const rows = await tx.$queryRaw`
        SELECT DISTINCT project_id::text FROM catalog.property_object_cards WHERE id = ANY(${lots}::uuid[])
        UNION
        SELECT id::text FROM catalog.project_cards WHERE developer_id = ANY(${developers}::uuid[])`;
      wanted = /* @__PURE__ */ new Set([...wanted, ...rows.map((r) => r.project_id)]);
    }
    const fresh = [...wanted].filter((id) => !held.has(id));
    if (fresh.length === 0) return;
    await lockProjects(tx, fresh);
    for (const id of fresh) held.add(id);
    if (lots.length === 0 && developers.length === 0) return;
  }
}
export {
  lockSyncBatchProjects
};
//# sourceMappingURL=sync-batch-locks.js.map
