// Isolation of test runs and test files on shared services (issue #23, decision 0410).
//
//   - a RUN id per `npm test` (or `npm run test:faults`): TEST_RUN_ID, set by the global setup and
//     inherited by the forked workers;
//   - a NAMESPACE per test file: `t<run>-<file>`, set as PIN_KAFKA_NAMESPACE in the file's process
//     environment by test/support/isolation-setup.ts (a vitest setup file, run before each file).
//     The production setting does the rest: every topic and consumer group the app uses on the
//     broker carries the namespace (src/platform/events/kafka/kafka-names.ts). startTestApp passes
//     it on; a test that talks to the broker itself (its own kafkajs producer, admin or reader)
//     names topics and groups with brokerTopic()/brokerGroup();
//   - databases: one per suite already (createTestDatabase / createMigratedDatabase, random names).
//
// So two runs on one broker, and files running in parallel in one run, never meet.
import { randomBytes } from "node:crypto";
import { kafkaNames } from "../../src/platform/events/kafka/kafka-names.js";

export const RUN_ID_ENV = "TEST_RUN_ID";
export const NAMESPACE_ENV = "PIN_KAFKA_NAMESPACE";

/** A new run id: 8 characters [a-z0-9], time-ordered. */
export function newRunId(): string {
  return `${(Date.now() % 36 ** 6).toString(36).padStart(6, "0")}${randomBytes(1).toString("hex")}`;
}

/** Every file namespace of run `run` starts with this; the teardown deletes the run's topics by it. */
export const namespacePrefixOf = (run: string): string => `t${run}-`;

/** Called once per test file (isolation-setup.ts): gives the file its own Kafka namespace. */
export function assignFileNamespace(env: NodeJS.ProcessEnv = process.env): string {
  env[RUN_ID_ENV] ??= newRunId();
  const namespace = `${namespacePrefixOf(env[RUN_ID_ENV])}${randomBytes(3).toString("hex")}`;
  env[NAMESPACE_ENV] = namespace;
  return namespace;
}

/** This file's namespace (assigned before the file ran). */
export function fileNamespace(): string {
  return process.env[NAMESPACE_ENV] ?? assignFileNamespace();
}

/** The settings that isolate an app (or a child process) of this file: pass them in its env. */
export function isolationEnv(): { PIN_KAFKA_NAMESPACE: string } {
  return { PIN_KAFKA_NAMESPACE: fileNamespace() };
}

/** A specification topic's name on the broker for this file's apps. */
export const brokerTopic = (topic: string): string => kafkaNames(fileNamespace()).topic(topic);
/** A specification consumer group's id on the broker for this file's apps. */
export const brokerGroup = (group: string): string => kafkaNames(fileNamespace()).group(group);
