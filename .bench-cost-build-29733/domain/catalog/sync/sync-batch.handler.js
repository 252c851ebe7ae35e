import { TOPIC } from "../../../platform/events/topics.js";
import { contextFromHeaders, inSpan, linkTo } from "../../../platform/tracing/tracing.js";
import { isUuid } from "../../../platform/validation/ids.js";
import { applyBuildingUpserted } from "./building/building.apply.js";
import { applyDeveloperUpserted } from "./developer/developer.apply.js";
import { applyPropertyObjectChanges } from "./lot-change/lot-change.apply.js";
import { applyPropertyObjectUpserts } from "./lot-passport/lot-passport.apply.js";
import { applyProjectUpserted } from "./project/project.apply.js";
import { lockSyncBatchProjects } from "./sync-batch-locks.js";
import { planSyncBatch } from "./sync-batch-plan.js";
const other = { kind: "other" };
function route(message) {
  const topic = message.topic;
  const eventId = () => message.envelope.metadata.messageId;
  switch (message.topic) {
    case TOPIC.projectUpserted:
      return {
        flow: "project",
        item: other,
        projectId: message.payload.Id,
        developerId: null,
        payload: message.payload
      };
    case TOPIC.buildingUpserted:
      return {
        flow: "building",
        item: other,
        projectId: message.payload.ProjectId,
        developerId: null,
        payload: message.payload
      };
    case TOPIC.developerUpserted:
      return {
        flow: "developer",
        item: other,
        projectId: null,
        developerId: message.payload.Id,
        payload: message.payload
      };
    case TOPIC.propertyObjectUpserted: {
      const payload = message.payload;
      return {
        flow: "lot-passport",
        item: { kind: "lot-upsert", lotId: payload.Id },
        projectId: payload.ProjectId,
        developerId: null,
        upsert: (eventTime) => ({ eventTime, eventId: eventId(), topic, payload })
      };
    }
    case TOPIC.propertyObjectStatusChanged: {
      const payload = message.payload;
      return {
        flow: "lot-change",
        item: { kind: "lot-change", lotId: payload.PropertyObjectId },
        projectId: payload.ProjectId,
        developerId: null,
        change: (eventTime) => ({ eventTime, eventId: eventId(), topic, kind: "status", payload })
      };
    }
    case TOPIC.propertyObjectPriceChanged: {
      const payload = message.payload;
      return {
        flow: "lot-change",
        item: { kind: "lot-change", lotId: payload.PropertyObjectId },
        projectId: payload.ProjectId,
        developerId: null,
        change: (eventTime) => ({ eventTime, eventId: eventId(), topic, kind: "price", payload })
      };
    }
    default: {
      const _exhaustive = message;
      return _exhaustive;
    }
  }
}
const eventTimeOf = (message, now) => {
  const created = new Date(message.envelope.metadata.createdAt);
  return Number.isNaN(created.getTime()) ? now : created;
};
const producerLink = (message) => message.envelope.metadata.traceparent ? linkTo(contextFromHeaders({ traceparent: message.envelope.metadata.traceparent }), {
  "pin.event_id": message.envelope.metadata.messageId,
  "pin.correlation_id": message.envelope.metadata.correlationId
}) : [];
function syncBatchHandler(deps) {
  const { rewards, signalsFor } = deps;
  const lockBatch = async (messages, batch) => {
    const routes = messages.map(route);
    await lockSyncBatchProjects(batch.tx, {
      projectIds: routes.flatMap((r) => r.projectId === null ? [] : [r.projectId]),
      lotIds: routes.flatMap((r) => r.item.kind !== "other" && isUuid(r.item.lotId) ? [r.item.lotId] : []),
      developerIds: routes.flatMap(
        (r) => r.developerId !== null && isUuid(r.developerId) ? [r.developerId] : []
      )
    });
  };
  function runOne(message, r, batch, now) {
    const { messageId, correlationId, aggregateId } = message.envelope.metadata;
    const ctx = {
      tx: batch.tx,
      log: batch.log.child({ topic: message.topic, messageId }),
      now,
      eventTime: eventTimeOf(message, now),
      eventId: messageId,
      heartbeat: batch.heartbeat,
      rewards,
      signals: signalsFor(message.topic)
    };
    const attributes = {
      "pin.event_id": messageId,
      "pin.correlation_id": correlationId,
      "pin.aggregate_id": aggregateId
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
          throw new Error(`catalog sync: ${r.flow} is applied set-based, never one by one`);
      }
    });
  }
  function runHeld(kind, held, batch, now) {
    const spanName = `catalog.sync ${kind === "lot-changes" ? "property-object-changes" : "property-object-upserts"}`;
    const span = {
      attributes: { "pin.message_count": held.length },
      links: held.flatMap(([m]) => producerLink(m))
    };
    const base = { tx: batch.tx, log: batch.log, now };
    return inSpan(
      spanName,
      span,
      () => kind === "lot-changes" ? applyPropertyObjectChanges(
        { ...base, signals: signalsFor(TOPIC.propertyObjectStatusChanged) },
        held.flatMap(([m, r]) => r.flow === "lot-change" ? [r.change(eventTimeOf(m, now))] : [])
      ) : applyPropertyObjectUpserts(
        { ...base, rewards, signals: signalsFor(TOPIC.propertyObjectUpserted) },
        held.flatMap(([m, r]) => r.flow === "lot-passport" ? [r.upsert(eventTimeOf(m, now))] : [])
      )
    );
  }
  const handleBatch = async (messages, batch) => {
    const routes = messages.map(route);
    const results = new Array(messages.length).fill("applied");
    for (const step of planSyncBatch(routes.map((r) => r.item))) {
      const now = batch.clock.now();
      if (step.kind === "one") {
        results[step.index] = await runOne(
          messages[step.index],
          routes[step.index],
          batch,
          now
        );
        continue;
      }
      const held = step.indexes.map((i) => [messages[i], routes[i]]);
      const out = await runHeld(step.kind, held, batch, now);
      step.indexes.forEach((i, k) => {
        results[i] = out[k] ?? "applied";
      });
    }
    return results;
  };
  return { lockBatch, handleBatch };
}
export {
  syncBatchHandler
};
//# sourceMappingURL=sync-batch.handler.js.map
