import { recomputeCards } from "../cards/recompute-cards.js";
const TX_TIMEOUT_MS = 12e4;
async function expireDisplayOverrides(db, now, batchSize) {
  return db.$transaction(
    async (tx) => {
      const projects = await tx.$queryRaw`
        DELETE FROM catalog.project_display_overrides WHERE project_id IN (
          SELECT project_id FROM catalog.project_display_overrides
          WHERE expires_at <= ${now} ORDER BY expires_at LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
        RETURNING project_id::text AS id`;
      const buildings = await tx.$queryRaw`
        DELETE FROM catalog.building_display_overrides WHERE building_id IN (
          SELECT building_id FROM catalog.building_display_overrides
          WHERE expires_at <= ${now} ORDER BY expires_at LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
        RETURNING building_id::text AS id`;
      const lots = await tx.$queryRaw`
        DELETE FROM catalog.property_object_display_overrides WHERE property_object_id IN (
          SELECT property_object_id FROM catalog.property_object_display_overrides
          WHERE expires_at <= ${now} ORDER BY expires_at LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
        RETURNING property_object_id::text AS id`;
      if (projects.length + buildings.length + lots.length > 0) {
        const targets = {
          projectIds: projects.map((r) => r.id),
          buildingIds: buildings.map((r) => r.id),
          propertyObjectIds: lots.map((r) => r.id)
        };
        await recomputeCards(tx, targets, { now, publishedAt: now });
      }
      return { projects: projects.length, buildings: buildings.length, propertyObjects: lots.length };
    },
    { timeout: TX_TIMEOUT_MS }
  );
}
export {
  expireDisplayOverrides
};
//# sourceMappingURL=expire-display-overrides.js.map
