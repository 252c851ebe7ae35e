import { namespacePrefixOf } from "./isolation.js";

const DELETE_CHUNK = 200;

/**
 * Deletes the topics and consumer groups of one test run (names ending in `.t<run>-<file>`) from
 * the broker. Best effort: a failure is reported, never fails the run.
 */
export async function deleteRunKafkaNames(brokers: string, run: string): Promise<void> {
  const { Kafka, logLevel } = await import("kafkajs");
  const mine = (name: string) => name.includes(`.${namespacePrefixOf(run)}`);
  const admin = new Kafka({
    clientId: "pin-test-cleanup",
    brokers: brokers.split(","),
    logLevel: logLevel.NOTHING,
  }).admin();
  try {
    await admin.connect();
    const groups = (await admin.listGroups()).groups.map((g) => g.groupId).filter(mine);
    for (let i = 0; i < groups.length; i += DELETE_CHUNK)
      await admin.deleteGroups(groups.slice(i, i + DELETE_CHUNK)).catch(() => {});
    const topics = (await admin.listTopics()).filter(mine);
    for (let i = 0; i < topics.length; i += DELETE_CHUNK)
      await admin.deleteTopics({ topics: topics.slice(i, i + DELETE_CHUNK), timeout: 30_000 });
    if (topics.length > 0)
      console.log(
        `[test teardown] deleted ${topics.length} topic(s), ${groups.length} group(s) of run ${run}`,
      );
  } catch (error) {
    console.warn(`[test teardown] could not delete the topics of run ${run}: ${String(error)}`);
  } finally {
    await admin.disconnect().catch(() => {});
  }
}
