import type { Clock } from "../platform/clock/clock.js";
import type { Settings } from "../platform/config/settings.js";
import type { AnyConsumerDefinition } from "../platform/events/consumer/definition.js";
import type { Logger } from "../platform/log/logger.js";
import type { Registry } from "../platform/metrics/registry.js";
import { chessboardBookingStatusConsumer } from "./chessboard-booking-status.consumer.js";
import { crmPropertyObjectReplicaConsumer } from "./crm-property-object-replica.consumer.js";

export interface ConsumerDeps {
  readonly log: Logger;
  readonly clock: Clock;
  readonly metrics: Registry;
  readonly settings: Settings;
}

/**
 * Every consumer group the `consumers` role runs. Adding a consumer = one file in src/consumers
 * exporting a factory, plus one line here.
 */
export const CONSUMERS: ReadonlyArray<(deps: ConsumerDeps) => AnyConsumerDefinition> = [
  chessboardBookingStatusConsumer,
  crmPropertyObjectReplicaConsumer,
];
