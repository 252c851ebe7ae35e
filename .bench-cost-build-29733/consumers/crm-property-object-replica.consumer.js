import {
  crmReplicaReaders
} from "../contracts/readers/chessboard-replica-readers.js";
import { TOPIC } from "../contracts/topics.js";
import { upsertDeveloperReplicaIfNewer } from "../domain/crm/developer-replica/developer-replica.repository.js";
import { upsertReplicaIfNewer } from "../domain/crm/property-object-replica/property-object-replica.repository.js";
import {
  defineConsumer,
  pgScope
} from "../platform/events/consumer/definition.js";
const CRM_PROPERTY_OBJECT_REPLICA_GROUP = "pin-crm-property-object-replica";
const CONTRACT_VERSION = 1;
function crmPropertyObjectReplicaConsumer(_deps) {
  async function apply(ctx, row) {
    const applied = await upsertReplicaIfNewer(ctx.tx, row, ctx.clock.now());
    ctx.log.debug(
      {
        propertyObjectId: row.id,
        version: row.version,
        applied,
        causationId: ctx.envelope.metadata.messageId
      },
      "property object replica"
    );
    return applied ? "applied" : "skipped-stale";
  }
  return defineConsumer({
    group: CRM_PROPERTY_OBJECT_REPLICA_GROUP,
    // Decision 0615: the batch on a raw pg connection, its upserts as named prepared statements
    // (no Prisma per-call path); dedup marks as before.
    scope: pgScope(),
    expectedContractVersion: CONTRACT_VERSION,
    readers: crmReplicaReaders,
    handlers: {
      [TOPIC.developerUpserted]: async (payload, ctx) => {
        const status = payload.Status === "Active" ? "Active" : "Inactive";
        if (payload.Status !== "Active" && payload.Status !== "Inactive")
          ctx.log.warn(
            { developerId: payload.Id, status: payload.Status.slice(0, 64) },
            "unknown developer status \u2192 Inactive"
          );
        const applied = await upsertDeveloperReplicaIfNewer(
          ctx.tx,
          { id: payload.Id, status, version: payload.Version },
          ctx.clock.now()
        );
        ctx.log.debug({ developerId: payload.Id, version: payload.Version, applied }, "developer replica");
        return applied ? "applied" : "skipped-stale";
      },
      [TOPIC.propertyObjectUpserted]: (payload, ctx) => apply(ctx, {
        id: payload.Id,
        tenantId: payload.TenantId,
        projectId: payload.ProjectId,
        buildingId: payload.BuildingId,
        status: payload.Status,
        version: payload.Version,
        holdBookingId: void 0
      }),
      [TOPIC.propertyObjectStatusChanged]: (payload, ctx) => apply(ctx, {
        id: payload.PropertyObjectId,
        tenantId: payload.TenantId,
        projectId: payload.ProjectId,
        buildingId: payload.BuildingId,
        status: payload.ToStatus,
        version: payload.Version,
        // absent (a producer that does not send it) → kept while the status stays, as on upserted
        holdBookingId: payload.HoldBookingId ?? void 0
      })
    }
  });
}
export {
  CRM_PROPERTY_OBJECT_REPLICA_GROUP,
  crmPropertyObjectReplicaConsumer
};
//# sourceMappingURL=crm-property-object-replica.consumer.js.map
