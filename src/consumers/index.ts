import type { DevStats } from "../domain/devstats/devstats.runtime.js";
import type { Clock } from "../platform/clock/clock.js";
import type { ConsumerContext, Settings } from "../platform/config/settings.js";
import type { AnyConsumerDefinition } from "../platform/events/consumer/definition.js";
import type { Logger } from "../platform/log/logger.js";
import type { Registry } from "../platform/metrics/registry.js";
import { catalogChessboardSyncConsumer } from "./catalog-chessboard-sync.consumer.js";
import { chessboardBookingStatusConsumer } from "./chessboard-booking-status.consumer.js";
import { crmPropertyObjectReplicaConsumer } from "./crm-property-object-replica.consumer.js";
import { devStatsDimensionConsumer } from "./devstats-dimension.consumer.js";
import { devStatsFunnelBookingCreatedConsumer } from "./devstats-funnel-booking-created.consumer.js";
import { devStatsFunnelDealSaleStartedConsumer } from "./devstats-funnel-deal-sale-started.consumer.js";
import { messengerBookingCardsConsumer } from "./messenger-booking-cards.consumer.js";
import { notificationsBookingConsumer } from "./notifications-booking.consumer.js";
import { notificationsDeliveryConsumer } from "./notifications-delivery.consumer.js";

export interface ConsumerDeps {
  readonly log: Logger;
  readonly clock: Clock;
  readonly metrics: Registry;
  readonly settings: Settings;
  /** null when this process has no analytics engine (no CLICKHOUSE_URL and no chdb) */
  readonly devstats: DevStats | null;
}

type ConsumerFactory = (deps: ConsumerDeps) => AnyConsumerDefinition | null;

/**
 * Every consumer group the `consumers` role runs, each with the bounded context that owns it (the
 * context PIN_ROLES=consumers:<context> selects, decision 0516). Adding a consumer = one file in
 * src/consumers exporting a factory, plus one line here. A factory returns null when a dependency
 * it needs is not configured in this process (dev-stats without an analytics engine).
 */
export const CONSUMERS_BY_CONTEXT: ReadonlyArray<{
  readonly context: ConsumerContext;
  readonly make: ConsumerFactory;
}> = [
  { context: "chessboard", make: chessboardBookingStatusConsumer },
  { context: "crm", make: crmPropertyObjectReplicaConsumer },
  { context: "catalog", make: catalogChessboardSyncConsumer },
  { context: "devstats", make: (deps) => (deps.devstats ? devStatsDimensionConsumer(deps.devstats) : null) },
  {
    context: "devstats",
    make: (deps) => (deps.devstats ? devStatsFunnelBookingCreatedConsumer(deps.devstats) : null),
  },
  {
    context: "devstats",
    make: (deps) => (deps.devstats ? devStatsFunnelDealSaleStartedConsumer(deps.devstats) : null),
  },
  { context: "messenger", make: messengerBookingCardsConsumer },
  { context: "notifications", make: notificationsBookingConsumer },
  { context: "notifications", make: (deps) => notificationsDeliveryConsumer(deps) },
];

/** Every consumer factory, whatever its context. */
export const CONSUMERS: ReadonlyArray<ConsumerFactory> = CONSUMERS_BY_CONTEXT.map((c) => c.make);
