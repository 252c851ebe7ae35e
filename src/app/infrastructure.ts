import { randomUUID } from "node:crypto";
import { DLQ_TOPICS } from "../consumers/dlq-topics.js";
import type { DevStats } from "../domain/devstats/devstats.runtime.js";
import type { Clock } from "../platform/clock/clock.js";
import { TestClock, testClockVerdict } from "../platform/clock/test-clock.js";
import { ConfigError, type Settings } from "../platform/config/settings.js";
import { openDatabase } from "../platform/db/embedded-postgres.js";
import { runMigrations } from "../platform/db/migrations/run-migrations.js";
import { createPrismaClient } from "../platform/db/prisma-client.js";
import {
  createEventPlatform,
  type EventPlatform,
  kafkaSecurityOf,
} from "../platform/events/event-platform.js";
import { refuseUnderReplicatedTopics } from "../platform/events/kafka/replication-guard.js";
import { PLAINTEXT } from "../platform/events/kafka-security.js";
import type { Infra } from "../platform/infra.js";
import type { Logger } from "../platform/log/logger.js";
import type { Registry } from "../platform/metrics/registry.js";
import { databaseStartVerdict } from "../platform/startup/dependency-verdicts.js";
import { retryUntilReady } from "../platform/startup/retry-until-ready.js";
import { openAnalytics } from "./analytics.js";
import type { Stoppable } from "./stop-order.js";

/** What every role is built from, opened once per process. */
export interface Infrastructure extends Stoppable {
  readonly settings: Settings;
  /** db (the workers' and consumers' pool), log, clock (the TestClock when on), metrics */
  readonly infra: Infra;
  readonly database: { readonly url: string; readonly embedded: boolean };
  readonly testClock: TestClock | null;
  readonly platform: EventPlatform;
  readonly devstats: DevStats | null;
  /** Why analytics is off although wanted (reported by /readyz as degraded), else null */
  readonly analyticsDegraded: string | null;
}

/** Its parts stop in this declared order: the reverse of the order they open in. */
const INFRASTRUCTURE_STOP_ORDER = ["clickhouse", "event-platform", "prisma", "database"] as const;
type InfrastructurePart = (typeof INFRASTRUCTURE_STOP_ORDER)[number];

export interface InfrastructureDeps {
  readonly log: Logger;
  readonly metrics: Registry;
  readonly clock: Clock;
  /** True once the process is stopping: waits for a dependency end */
  readonly cancelled: () => boolean;
  /** Told what the start waits for while a dependency is not there yet (/readyz names it) */
  readonly waiting?: (what: string) => void;
}

/**
 * PostgreSQL (waited for, migrated), the shared pool, the event platform and the analytics
 * engine. A failure part-way stops what was opened and rethrows.
 */
export async function openInfrastructure(
  settings: Settings,
  deps: InfrastructureDeps,
): Promise<Infrastructure> {
  const { log, metrics } = deps;
  const opened: Partial<Record<InfrastructurePart, () => Promise<void>>> = {};
  const stop = async () => {
    for (const part of INFRASTRUCTURE_STOP_ORDER) {
      const stopPart = opened[part];
      delete opened[part];
      await stopPart?.().catch((error: unknown) => log.error({ err: error, part }, "failed to stop cleanly"));
    }
  };
  try {
    const database = await openDatabase(settings, log);
    opened.database = () => database.stop();
    const testClock = testClockFor(settings, database.embedded, deps);
    const clock = testClock ?? deps.clock;
    // PostgreSQL may not be up yet (started together with us): wait for it (issue #21).
    const migrations = await retryUntilReady(() => runMigrations({ url: database.url, log }), {
      what: "PostgreSQL",
      log,
      classify: databaseStartVerdict,
      cancelled: deps.cancelled,
      onRetry: (reason) => deps.waiting?.(`PostgreSQL (${reason})`),
    });
    const total = migrations.applied.length + migrations.alreadyApplied.length;
    log.info({ applied: migrations.applied.length, total }, "database migrated");

    const db = createPrismaClient({
      url: database.url,
      maxConnections: settings.dbPoolSize,
      preparedStatements: settings.dbPreparedStatements,
      // the roles' own statements, keyed by ids; the api's request pool keeps custom plans
      plans: "auto",
    });
    opened.prisma = () => db.$disconnect();
    const infra: Infra = { db, log, clock, metrics };
    const platformSettings = settings.instanceId ? settings : { ...settings, instanceId: randomUUID() };
    // production, Kafka: decision 0566 (over TLS/SASL when configured)
    const security = settings.kafkaBrokers ? kafkaSecurityOf(settings) : PLAINTEXT;
    await refuseUnderReplicatedTopics(settings, DLQ_TOPICS, log, security);
    const platform = createEventPlatform({ settings: platformSettings, ...infra });
    opened["event-platform"] = () => platform.close();
    const analytics = await openAnalytics(settings, infra, {
      cancelled: deps.cancelled,
      onRetry: (reason) => deps.waiting?.(`ClickHouse (${reason})`),
    });
    const devstats = analytics.devstats;
    if (devstats) opened.clickhouse = () => devstats.clickhouse.close();
    return {
      settings,
      infra,
      database: { url: database.url, embedded: database.embedded },
      testClock,
      platform,
      devstats,
      analyticsDegraded: analytics.degraded,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A TestClock when PIN_TEST_CLOCK is on and allowed here (decision 0079), else null. */
function testClockFor(settings: Settings, embedded: boolean, deps: InfrastructureDeps): TestClock | null {
  const verdict = testClockVerdict(settings, embedded);
  if (settings.testClock && !verdict.enabled) throw new ConfigError("PIN_TEST_CLOCK", verdict.reason);
  if (!verdict.enabled) return null;
  deps.log.warn("test clock on: an admin may move now forward (advanceTestClock)");
  return new TestClock(deps.clock);
}
