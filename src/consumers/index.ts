import type { DevStats } from "../domain/devstats/devstats.runtime.js";
import type { Clock } from "../platform/clock/clock.js";
import type { Settings } from "../platform/config/settings.js";
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

/**
 * Every consumer group the `consumers` role runs. Adding a consumer = one file in src/consumers
 * exporting a factory, plus one line here. A factory returns null when a dependency it needs is
 * not configured in this process (dev-stats without an analytics engine).
 */
export const CONSUMERS: ReadonlyArray<(deps: ConsumerDeps) => AnyConsumerDefinition | null> = [
  chessboardBookingStatusConsumer,
  crmPropertyObjectReplicaConsumer,
  catalogChessboardSyncConsumer,
  (deps) => (deps.devstats ? devStatsDimensionConsumer(deps.devstats) : null),
  (deps) => (deps.devstats ? devStatsFunnelBookingCreatedConsumer(deps.devstats) : null),
  (deps) => (deps.devstats ? devStatsFunnelDealSaleStartedConsumer(deps.devstats) : null),
  messengerBookingCardsConsumer,
  notificationsBookingConsumer,
  (deps) => notificationsDeliveryConsumer(deps),
];
