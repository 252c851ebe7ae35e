import type { Tx } from "../../../../platform/db/prisma-client.js";

/** The projects the building's lot cards belong to. */
export async function projectsOfBuilding(tx: Tx, buildingId: string): Promise<string[]> {
  const rows = await tx.$queryRaw<Array<{ project_id: string }>>`
    SELECT DISTINCT project_id::text FROM catalog.property_object_cards WHERE building_id = ${buildingId}::uuid`;
  return rows.map((r) => r.project_id);
}
