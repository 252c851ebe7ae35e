import { invalid } from "../../../domain/chessboard/chessboard.errors.js";
import { IllegalStateError } from "../../../platform/errors/domain-error.js";
import { builder } from "../../builder.js";
import { SHARED_EXECUTION } from "../../shared-subscription-execution.js";
import { ChessboardGridRef, PropertyObjectStatusEnum } from "./chessboard-types.js";
const SnapshotRef = builder.objectRef("ChessboardSnapshot").implement({
  description: "Always the first message of a subscription (and of every reconnect): the full grids.",
  isTypeOf: (item) => item.kind === "snapshot",
  fields: (t) => ({
    grids: t.field({
      type: [ChessboardGridRef],
      description: "One grid per building subscribed to (one, or every building of the project)",
      resolve: (s) => [...s.grids]
    })
  })
});
const StatusDeltaRef = builder.objectRef("PropertyObjectStatusDelta").implement({
  description: "A status change. Apply only if `version` is greater than the version you hold for the object.",
  isTypeOf: (item) => item.kind === "status",
  fields: (t) => ({
    propertyObjectId: t.exposeID("propertyObjectId", { description: "The property object changed" }),
    buildingId: t.exposeID("buildingId", { description: "Its building" }),
    projectId: t.exposeID("projectId", { description: "Its project" }),
    version: t.exposeInt("version", { description: "The object's version after this change" }),
    fromStatus: t.field({
      description: "Status before",
      type: PropertyObjectStatusEnum,
      resolve: (d) => d.fromStatus
    }),
    status: t.field({
      description: "Status after",
      type: PropertyObjectStatusEnum,
      resolve: (d) => d.status
    }),
    reservedUntil: t.expose("reservedUntil", {
      type: "DateTime",
      nullable: true,
      description: "When the reservation lapses; null unless Reserved"
    }),
    bookedUntil: t.expose("bookedUntil", {
      type: "DateTime",
      nullable: true,
      description: "When the booking lapses; null unless Booked"
    }),
    soldAt: t.expose("soldAt", {
      type: "DateTime",
      nullable: true,
      description: "When sold; null unless Sold"
    }),
    changedAt: t.expose("changedAt", { type: "DateTime", description: "When the change happened" })
  })
});
const PriceDeltaRef = builder.objectRef("PropertyObjectPriceDelta").implement({
  description: "A price change. Apply only if `version` is greater than the version you hold for the object.",
  isTypeOf: (item) => item.kind === "price",
  fields: (t) => ({
    propertyObjectId: t.exposeID("propertyObjectId", { description: "The property object changed" }),
    buildingId: t.exposeID("buildingId", { description: "Its building" }),
    projectId: t.exposeID("projectId", { description: "Its project" }),
    version: t.exposeInt("version", { description: "The object's version after this change" }),
    price: t.expose("price", { type: "Decimal", description: "New list price, 2 decimals" }),
    pricePerMeter: t.expose("pricePerMeter", {
      type: "Decimal",
      description: "New price per m\xB2 of total area"
    }),
    changedAt: t.expose("changedAt", { type: "DateTime", description: "When the change happened" })
  })
});
const ChessboardUpdateRef = builder.unionType("ChessboardUpdate", {
  description: "One message of chessboardUpdates: the full snapshot first, then status or price deltas.",
  types: [SnapshotRef, StatusDeltaRef, PriceDeltaRef]
});
builder.subscriptionField(
  "chessboardUpdates",
  (t) => t.field({
    type: ChessboardUpdateRef,
    description: "Live grid of a building or of a whole project (give exactly one id). First a ChessboardSnapshot, then status/price deltas carrying the object's version; drop a delta whose version is not greater than what you hold. After any disconnect, subscribe again: the new snapshot replaces your grid. See docs/engineering/chessboard.md.",
    authScopes: { authenticated: true },
    // Deltas are public to any signed-in viewer: one execution per delta serves every subscriber.
    extensions: { [SHARED_EXECUTION]: true },
    args: { buildingId: t.arg.id({ required: false }), projectId: t.arg.id({ required: false }) },
    subscribe: (_root, args, ctx) => {
      const hub = ctx.deps.live.chessboard;
      if (!hub)
        throw new IllegalStateError(
          "CHESSBOARD_LIVE_UNAVAILABLE",
          "Live chessboard is not enabled on this instance"
        );
      if (Boolean(args.buildingId) === Boolean(args.projectId))
        throw invalid("Give exactly one of buildingId, projectId");
      const filter = args.buildingId ? { buildingId: String(args.buildingId) } : { projectId: String(args.projectId) };
      const subscription = hub.subscribe(filter);
      const where = "buildingId" in filter ? { buildingIds: [filter.buildingId] } : { projectId: filter.projectId };
      ctx.deps.services.chessboard.reads.grids(where).then(
        (grids) => subscription.open({ kind: "snapshot", grids }),
        (error) => subscription.close(error instanceof Error ? error : new Error(String(error)))
      );
      return subscription;
    },
    resolve: (item) => item
  })
);
//# sourceMappingURL=chessboard-updates.js.map
