/**
 * The chessboard → catalog sync's batch handler: one batch of the six topics in, one result per
 * message out. It routes each message to its flow (the one switch on the topic), takes the batch's
 * project locks (sync-batch-locks.ts, the only place the sync locks), plans the batch
 * (sync-batch-plan.ts) and runs the steps: held-back lot passports (lot-passport/) and
 * status/price changes (lot-change/) set-based, project, building and developer messages
 * (project/, building/, developer/) one by one at their place. The consumer only binds it.
 */
import type {
  CatalogBuildingUpserted,
  CatalogDeveloperUpserted,
  CatalogProjectUpserted,
  CatalogSyncPayloadByTopic,
} from "../../../contracts/readers/catalog-chessboard-sync.readers.js";
import type { RawTx } from "../../../platform/db/raw-tx.js";
import type {
  BatchContext,
  BatchHandler,
  BatchLocker,
  BatchMessage,
} from "../../../platform/events/consumer/definition.js";
import { TOPIC } from "../../../platform/events/topics.js";
import { contextFromHeaders, inSpan, linkTo } from "../../../platform/tracing/tracing.js";
import { isUuid } from "../../../platform/validation/ids.js";
import type { RewardsClient } from "../rewards/rewards-commission.client.js";
import { applyBuildingUpserted } from "./building/building.apply.js";
import { applyDeveloperUpserted } from "./developer/developer.apply.js";
import { applyPropertyObjectChanges, type LotChange } from "./lot-change/lot-change.apply.js";
import { applyPropertyObjectUpserts, type LotUpsert } from "./lot-passport/lot-passport.apply.js";
import { applyProjectUpserted } from "./project/project.apply.js";
import { lockSyncBatchProjects } from "./sync-batch-locks.js";
import { planSyncBatch, type SyncBatchItem } from "./sync-batch-plan.js";
import type { SyncContext, SyncResult, SyncSignals } from "./sync-context.js";

type Message = BatchMessage<CatalogSyncPayloadByTopic>;

/** A message routed: its flow, what the plan needs, what it locks, and the flow's input. */
type SyncRoute = {
  readonly item: SyncBatchItem;
  /** The project it names (none for a developer) */
  readonly projectId: string | null;
  readonly developerId: string | null;
} & (
  | { readonly flow: "project"; readonly payload: CatalogProjectUpserted }
  | { readonly flow: "building"; readonly payload: CatalogBuildingUpserted }
  | { readonly flow: "developer"; readonly payload: CatalogDeveloperUpserted }
  | { readonly flow: "lot-passport"; readonly upsert: (eventTime: Date) => LotUpsert }
  | { readonly flow: "lot-change"; readonly change: (eventTime: Date) => LotChange }
);

const other = { kind: "other" } as const;

/** The one switch on the topic. */
function route(message: Message): SyncRoute {
  const topic = message.topic;
  // read when the flow runs: the locks need only the payload
  const eventId = (): string => message.envelope.metadata.messageId;
  switch (message.topic) {
    case TOPIC.projectUpserted:
      return {
        flow: "project",
        item: other,
        projectId: message.payload.Id,
        developerId: null,
        payload: message.payload,
      };
    case TOPIC.buildingUpserted:
      return {
        flow: "building",
        item: other,
        projectId: message.payload.ProjectId,
        developerId: null,
        payload: message.payload,
      };
    case TOPIC.developerUpserted:
      return {
        flow: "developer",
        item: other,
        projectId: null,
        developerId: message.payload.Id,
        payload: message.payload,
      };
    case TOPIC.propertyObjectUpserted: {
      const payload = message.payload;
      return {
        flow: "lot-passport",
        item: { kind: "lot-upsert", lotId: payload.Id },
        projectId: payload.ProjectId,
        developerId: null,
        upsert: (eventTime) => ({ eventTime, eventId: eventId(), topic, payload }),
      };
    }
    case TOPIC.propertyObjectStatusChanged: {
      const payload = message.payload;
      return {
        flow: "lot-change",
        item: { kind: "lot-change", lotId: payload.PropertyObjectId },
        projectId: payload.ProjectId,
        developerId: null,
        change: (eventTime) => ({ eventTime, eventId: eventId(), topic, kind: "status", payload }),
      };
    }
    case TOPIC.propertyObjectPriceChanged: {
      const payload = message.payload;
      return {
        flow: "lot-change",
        item: { kind: "lot-change", lotId: payload.PropertyObjectId },
        projectId: payload.ProjectId,
        developerId: null,
        change: (eventTime) => ({ eventTime, eventId: eventId(), topic, kind: "price", payload }),
      };
    }
    default: {
      const _exhaustive: never = message;
      return _exhaustive;
    }
  }
}

export interface SyncBatchDeps {
  readonly rewards: RewardsClient;
  /** The counters a flow bumps, labelled by the topic it serves */
  readonly signalsFor: (topic: string) => SyncSignals;
}

export interface SyncBatchHandler {
  readonly lockBatch: BatchLocker<CatalogSyncPayloadByTopic, RawTx>;
  readonly handleBatch: BatchHandler<CatalogSyncPayloadByTopic, RawTx>;
}

/** The event's CreatedAt (ChessboardSyncedAt, PublishedAt: decision 0087), or now if unreadable. */
const eventTimeOf = (message: Message, now: Date): Date => {
  const created = new Date(message.envelope.metadata.createdAt);
  return Number.isNaN(created.getTime()) ? now : created;
};

/** Each held-back message's own producer trace, with its correlation id (a batch spans many). */
const producerLink = (message: Message) =>
  message.envelope.metadata.traceparent
    ? linkTo(contextFromHeaders({ traceparent: message.envelope.metadata.traceparent }), {
        "pin.event_id": message.envelope.metadata.messageId,
        "pin.correlation_id": message.envelope.metadata.correlationId,
      })
    : [];

export function syncBatchHandler(deps: SyncBatchDeps): SyncBatchHandler {
  const { rewards, signalsFor } = deps;

  /**
   * Every project the batch writes, locked at once before any flow runs (and before the runtime's
   * savepoints, decision 0218): batches on other partitions then never hold one project while
   * waiting for another in reverse order — not even when a failing message makes the runtime
   * bisect the batch. Ids that are not UUIDs are left to the flows' input checks.
   */
  const lockBatch: SyncBatchHandler["lockBatch"] = async (messages, batch) => {
    const routes = messages.map(route);
    await lockSyncBatchProjects(batch.tx, {
      projectIds: routes.flatMap((r) => (r.projectId === null ? [] : [r.projectId])),
      lotIds: routes.flatMap((r) => (r.item.kind !== "other" && isUuid(r.item.lotId) ? [r.item.lotId] : [])),
      developerIds: routes.flatMap((r) =>
        r.developerId !== null && isUuid(r.developerId) ? [r.developerId] : [],
      ),
    });
  };

  /** A–C: one message, its own flow, its own span. */
  function runOne(
    message: Message,
    r: SyncRoute,
    batch: BatchContext<RawTx>,
    now: Date,
  ): Promise<SyncResult> {
    const { messageId, correlationId, aggregateId } = message.envelope.metadata;
    const ctx: SyncContext = {
      tx: batch.tx,
      log: batch.log.child({ topic: message.topic, messageId }),
      now,
      eventTime: eventTimeOf(message, now),
      eventId: messageId,
      heartbeat: batch.heartbeat,
      rewards,
      signals: signalsFor(message.topic),
    };
    const attributes = {
      "pin.event_id": messageId,
      "pin.correlation_id": correlationId,
      "pin.aggregate_id": aggregateId,
    };
    return inSpan(`catalog.sync ${message.topic}`, { attributes }, () => {
      switch (r.flow) {
        case "project":
          return applyProjectUpserted(ctx, r.payload);
        case "building":
          return applyBuildingUpserted(ctx, r.payload);
        case "developer":
          return applyDeveloperUpserted(ctx, r.payload);
        default:
          // the plan holds every lot message back into a set-based step (sync-batch-plan.ts)
          throw new Error(`catalog sync: ${r.flow} is applied set-based, never one by one`);
      }
    });
  }

  /** D or E/F: the held-back messages of one step, set-based, one span linked to each producer. */
  function runHeld(
    kind: "lot-upserts" | "lot-changes",
    held: ReadonlyArray<readonly [Message, SyncRoute]>,
    batch: BatchContext<RawTx>,
    now: Date,
  ): Promise<SyncResult[]> {
    const spanName = `catalog.sync ${kind === "lot-changes" ? "property-object-changes" : "property-object-upserts"}`;
    const span = {
      attributes: { "pin.message_count": held.length },
      links: held.flatMap(([m]) => producerLink(m)),
    };
    const base = { tx: batch.tx, log: batch.log, now };
    return inSpan(spanName, span, () =>
      kind === "lot-changes"
        ? applyPropertyObjectChanges(
            { ...base, signals: signalsFor(TOPIC.propertyObjectStatusChanged) },
            held.flatMap(([m, r]) => (r.flow === "lot-change" ? [r.change(eventTimeOf(m, now))] : [])),
          )
        : applyPropertyObjectUpserts(
            { ...base, rewards, signals: signalsFor(TOPIC.propertyObjectUpserted) },
            held.flatMap(([m, r]) => (r.flow === "lot-passport" ? [r.upsert(eventTimeOf(m, now))] : [])),
          ),
    );
  }

  /**
   * One transaction per batch (the runtime's), its locks held (lockBatch). A failing message makes
   * the runtime split the batch until it is isolated and gets the per-message policy.
   */
  const handleBatch: SyncBatchHandler["handleBatch"] = async (messages, batch) => {
    const routes = messages.map(route);
    const results: SyncResult[] = new Array(messages.length).fill("applied");
    for (const step of planSyncBatch(routes.map((r) => r.item))) {
      const now = batch.clock.now();
      if (step.kind === "one") {
        results[step.index] = await runOne(
          messages[step.index] as Message,
          routes[step.index] as SyncRoute,
          batch,
          now,
        );
        continue;
      }
      const held = step.indexes.map((i) => [messages[i] as Message, routes[i] as SyncRoute] as const);
      const out = await runHeld(step.kind, held, batch, now);
      step.indexes.forEach((i, k) => {
        results[i] = out[k] ?? "applied";
      });
    }
    return results;
  };

  return { lockBatch, handleBatch };
}
