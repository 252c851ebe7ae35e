import { randomUUID } from "node:crypto";
import { DLQ_TOPICS } from "../consumers/dlq-topics.js";
import { TestClock, testClockVerdict } from "../platform/clock/test-clock.js";
import { ConfigError } from "../platform/config/settings.js";
import { openDatabase } from "../platform/db/embedded-postgres.js";
import { runMigrations } from "../platform/db/migrations/run-migrations.js";
import { createPrismaClient } from "../platform/db/prisma-client.js";
import {
  createEventPlatform,
  kafkaSecurityOf
} from "../platform/events/event-platform.js";
import { refuseUnderReplicatedTopics } from "../platform/events/kafka/replication-guard.js";
import { PLAINTEXT } from "../platform/events/kafka-security.js";
import { databaseStartVerdict } from "../platform/startup/dependency-verdicts.js";
import { retryUntilReady } from "../platform/startup/retry-until-ready.js";
import { openAnalytics } from "./analytics.js";
const INFRASTRUCTURE_STOP_ORDER = ["clickhouse", "event-platform", "prisma", "database"];
async function openInfrastructure(settings, deps) {
  const { log, metrics } = deps;
  const opened = {};
  const stop = async () => {
    for (const part of INFRASTRUCTURE_STOP_ORDER) {
      const stopPart = opened[part];
      delete opened[part];
      await stopPart?.().catch((error) => log.error({ err: error, part }, "failed to stop cleanly"));
    }
  };
  try {
    const database = await openDatabase(settings, log);
    opened.database = () => database.stop();
    const testClock = testClockFor(settings, database.embedded, deps);
    const clock = testClock ?? deps.clock;
    const migrations = await retryUntilReady(() => runMigrations({ url: database.url, log }), {
      what: "PostgreSQL",
      log,
      classify: databaseStartVerdict,
      cancelled: deps.cancelled,
      onRetry: (reason) => deps.waiting?.(`PostgreSQL (${reason})`)
    });
    const total = migrations.applied.length + migrations.alreadyApplied.length;
    log.info({ applied: migrations.applied.length, total }, "database migrated");
    const db = createPrismaClient({ url: database.url, maxConnections: settings.dbPoolSize });
    opened.prisma = () => db.$disconnect();
    const infra = { db, log, clock, metrics };
    const platformSettings = settings.instanceId ? settings : { ...settings, instanceId: randomUUID() };
    const security = settings.kafkaBrokers ? kafkaSecurityOf(settings) : PLAINTEXT;
    await refuseUnderReplicatedTopics(settings, DLQ_TOPICS, log, security);
    const platform = createEventPlatform({ settings: platformSettings, ...infra });
    opened["event-platform"] = () => platform.close();
    const analytics = await openAnalytics(settings, infra, {
      cancelled: deps.cancelled,
      onRetry: (reason) => deps.waiting?.(`ClickHouse (${reason})`)
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
      stop
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
function testClockFor(settings, embedded, deps) {
  const verdict = testClockVerdict(settings, embedded);
  if (settings.testClock && !verdict.enabled) throw new ConfigError("PIN_TEST_CLOCK", verdict.reason);
  if (!verdict.enabled) return null;
  deps.log.warn("test clock on: an admin may move now forward (advanceTestClock)");
  return new TestClock(deps.clock);
}
export {
  openInfrastructure
};
//# sourceMappingURL=infrastructure.js.map
