import {
  type CrmReplicaPayloads,
  crmReplicaReaders,
} from "../contracts/readers/chessboard-replica-readers.js";
import { TOPIC } from "../contracts/topics.js";
import { upsertDeveloperReplicaIfNewer } from "../domain/crm/developer-replica/developer-replica.repository.js";
import { upsertReplicaIfNewer } from "../domain/crm/property-object-replica/property-object-replica.repository.js";
import type { Clock } from "../platform/clock/clock.js";
import {
  type ConsumerDefinition,
  defineConsumer,
  type HandlerContext,
  type HandlerResult,
  type PgTx,
  pgScope,
} from "../platform/events/consumer/definition.js";
import type { Logger } from "../platform/log/logger.js";
import type { Registry } from "../platform/metrics/registry.js";

export const CRM_PROPERTY_OBJECT_REPLICA_GROUP = "pin-crm-property-object-replica";
const CONTRACT_VERSION = 1;

export interface CrmPropertyObjectReplicaDeps {
  readonly log: Logger;
  readonly clock: Clock;
  readonly metrics: Registry;
}

/**
 * chessboard → crm's replicas: property objects (id, developer, status, holding booking, version),
 * which createBooking checks (unknown / not Free / other developer), and developers, which
 * engageDeveloper checks (unknown / Inactive). Monotonic by Version, so
 * redelivery and cross-topic reordering cannot move a replica row back.
 */
export function crmPropertyObjectReplicaConsumer(
  _deps: CrmPropertyObjectReplicaDeps,
): ConsumerDefinition<CrmReplicaPayloads, PgTx> {
  async function apply(
    ctx: HandlerContext<PgTx>,
    row: Parameters<typeof upsertReplicaIfNewer>[1],
  ): Promise<HandlerResult> {
    const applied = await upsertReplicaIfNewer(ctx.tx, row, ctx.clock.now());
    ctx.log.debug(
      {
        propertyObjectId: row.id,
        version: row.version,
        applied,
        causationId: ctx.envelope.metadata.messageId,
      },
      "property object replica",
    );
    return applied ? "applied" : "skipped-stale";
  }

  return defineConsumer<CrmReplicaPayloads, PgTx>({
    group: CRM_PROPERTY_OBJECT_REPLICA_GROUP,
    // Decision 0615: the batch on a raw pg connection, its upserts as named prepared statements
    // (no Prisma per-call path). Dedup by construction (decision 0637): every write is an upsert
    // guarded by the row's version and nothing leaves the transaction, so no mark is written.
    scope: pgScope({ marks: false }),
    expectedContractVersion: CONTRACT_VERSION,
    readers: crmReplicaReaders,
    handlers: {
      [TOPIC.developerUpserted]: async (payload, ctx) => {
        // An unknown developer status is not Active: engaging that developer is refused (fail-safe).
        const status = payload.Status === "Active" ? "Active" : "Inactive";
        if (payload.Status !== "Active" && payload.Status !== "Inactive")
          ctx.log.warn(
            { developerId: payload.Id, status: payload.Status.slice(0, 64) },
            "unknown developer status → Inactive",
          );
        const applied = await upsertDeveloperReplicaIfNewer(
          ctx.tx,
          { id: payload.Id, status, version: payload.Version },
          ctx.clock.now(),
        );
        ctx.log.debug({ developerId: payload.Id, version: payload.Version, applied }, "developer replica");
        return applied ? "applied" : "skipped-stale";
      },
      [TOPIC.propertyObjectUpserted]: (payload, ctx) =>
        apply(ctx, {
          id: payload.Id,
          tenantId: payload.TenantId,
          projectId: payload.ProjectId,
          buildingId: payload.BuildingId,
          status: payload.Status,
          version: payload.Version,
          holdBookingId: undefined,
        }),
      [TOPIC.propertyObjectStatusChanged]: (payload, ctx) =>
        apply(ctx, {
          id: payload.PropertyObjectId,
          tenantId: payload.TenantId,
          projectId: payload.ProjectId,
          buildingId: payload.BuildingId,
          status: payload.ToStatus,
          version: payload.Version,
          // absent (a producer that does not send it) → kept while the status stays, as on upserted
          holdBookingId: payload.HoldBookingId ?? undefined,
        }),
    },
  });
}
