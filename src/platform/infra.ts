import type { Clock } from "./clock/clock.js";
import type { Db } from "./db/prisma-client.js";
import type { Logger } from "./log/logger.js";
import type { Registry } from "./metrics/registry.js";

/**
 * What every context, worker and consumer is built from: the database, the logger, the clock and
 * the metrics. Built once by the composition root (src/app.ts). A context that wraps the registry
 * in its own typed metrics passes `Infra<ItsMetrics>` down (e.g. `Infra<CrmMetrics>`).
 */
export interface Infra<Metrics = Registry> {
  readonly db: Db;
  readonly log: Logger;
  readonly clock: Clock;
  readonly metrics: Metrics;
}
