import type { Tx } from "../../../../platform/db/prisma-client.js";

/** The projects these lot cards belong to. */
export async function projectsOfLots(tx: Tx, lotIds: readonly string[]): Promise<string[]> {
  const rows = await tx.$queryRaw<Array<{ project_id: string }>>`
    SELECT DISTINCT project_id::text FROM catalog.property_object_cards WHERE id = ANY(${lotIds}::uuid[])`;
  return rows.map((r) => r.project_id);
}
