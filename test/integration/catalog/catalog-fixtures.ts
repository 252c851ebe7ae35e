import { randomUUID } from "node:crypto";
import type { Db } from "../../../src/platform/db/prisma-client.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import type { Registry } from "../../../src/platform/metrics/registry.js";
import { buildingEvent, lotEvent, projectEvent } from "../../support/fixtures/catalog-events.js";
import type { CatalogRig } from "./catalog-harness.js";

export interface Structure {
  readonly developerId: string;
  readonly projectId: string;
  readonly buildingId: string;
  readonly lotIds: string[];
}

export const newStructure = (lots = 1): Structure => ({
  developerId: randomUUID(),
  projectId: randomUUID(),
  buildingId: randomUUID(),
  lotIds: Array.from({ length: lots }, () => randomUUID()),
});

/** Project (Published, V1), building (V1) and its lots (Free, V1), in that order. */
export async function publishStructure(
  rig: CatalogRig,
  s: Structure,
  lotPatch: Record<string, unknown> = {},
) {
  await rig.publish(
    TOPIC.projectUpserted,
    s.projectId,
    projectEvent({ Id: s.projectId, DeveloperId: s.developerId }),
  );
  await rig.publish(
    TOPIC.buildingUpserted,
    s.buildingId,
    buildingEvent({ Id: s.buildingId, ProjectId: s.projectId, TenantId: s.developerId }),
  );
  let n = 0;
  for (const id of s.lotIds) {
    n += 1;
    await rig.publish(
      TOPIC.propertyObjectUpserted,
      id,
      lotEvent({
        Id: id,
        ProjectId: s.projectId,
        BuildingId: s.buildingId,
        TenantId: s.developerId,
        Number: String(100 + n),
        Floor: 1 + (n % 10),
        Price: `${9_000_000 + n * 100_000}.00`,
        ...lotPatch,
      }),
    );
  }
}

export const lotCard = (db: Db, id: string) => db.catalogPropertyObjectCard.findUnique({ where: { id } });
export const projectCard = (db: Db, id: string) => db.catalogProjectCard.findUnique({ where: { id } });

export async function deadLetters(db: Db, group: string, key: string) {
  return db.$queryRaw<Array<{ error_code: string; attempts: number; topic: string; offset: string }>>`
    SELECT error_code, attempts, topic, "offset" FROM platform.dead_letters WHERE group_id = ${group} AND key = ${key}`;
}

export async function metricValue(metrics: Registry, name: string, labels: Record<string, string> = {}) {
  const metric = metrics.getSingleMetric(name);
  if (!metric) return 0;
  const data = await metric.get();
  return data.values
    .filter((v) => Object.entries(labels).every(([k, val]) => String(v.labels[k]) === val))
    .reduce((sum, v) => sum + v.value, 0);
}
