// Real services for integration tests: PostgreSQL, Kafka, ClickHouse.
//
// Where a service comes from (decided once per run in test/support/global-setup.ts):
//   1. its TEST_* variable (TEST_DATABASE_URL, TEST_KAFKA_BROKERS, TEST_CLICKHOUSE_URL), set by you or
//      loaded from .infra/services.env written by `npm run infra:up`; it must answer, else it is MISSING;
//   2. else, when a Docker engine answers, a testcontainers container started for this run;
//   3. else MISSING: tests that need it are SKIPPED with a loud warning, except under CI=true, where
//      they FAIL with a message naming the service.
//
// In a test file:
//   describeWithService("kafka", "outbox relay", () => { ...; kafkaBrokers() ... });
//   it("…", async (ctx) => { const brokers = await requireService("kafka", ctx); … });
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import pg from "pg";
import { describe, inject, it, TestRunner } from "vitest";

export type ServiceName = "postgres" | "kafka" | "clickhouse";
export const SERVICE_NAMES: readonly ServiceName[] = ["postgres", "kafka", "clickhouse"];

/** The environment variable that points the tests at each service. */
export const SERVICE_ENV: Readonly<Record<ServiceName, string>> = {
  postgres: "TEST_DATABASE_URL",
  kafka: "TEST_KAFKA_BROKERS",
  clickhouse: "TEST_CLICKHOUSE_URL",
};

export interface ServiceStatus {
  name: ServiceName;
  available: boolean;
  /** admin URL (postgres), comma-separated brokers (kafka) or HTTP URL (clickhouse) */
  url?: string;
  source?: "env" | "testcontainers";
  /** why it is missing */
  reason?: string;
}
export type ServicesStatus = Record<ServiceName, ServiceStatus>;

declare module "vitest" {
  export interface ProvidedContext {
    pinServices: ServicesStatus;
  }
}

export const isCI = (): boolean => process.env.CI === "true" || process.env.CI === "1";

const HOW_TO_GET: Readonly<Record<ServiceName, string>> = {
  postgres: "run `npm run infra:up` (or set TEST_DATABASE_URL to an admin URL)",
  kafka: "run `npm run infra:up` (or set TEST_KAFKA_BROKERS=host:port)",
  clickhouse: "run `npm run infra:up` (or set TEST_CLICKHOUSE_URL=http://host:8123)",
};

// ---------------------------------------------------------------------------------------------
// Probes: does a configured service really answer?

const errorText = (err: unknown): string => (err instanceof Error ? err.message || err.name : String(err));

async function probePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const res = await client.query<{ ok: number }>("select 1 as ok");
    if (res.rows[0]?.ok !== 1) throw new Error(`select 1 returned ${JSON.stringify(res.rows)}`);
  } finally {
    await client.end().catch(() => {});
  }
}

async function probeKafka(brokers: string): Promise<void> {
  const { Kafka, logLevel } = await import("kafkajs");
  const kafka = new Kafka({
    clientId: "pin-test-probe",
    brokers: brokers.split(","),
    logLevel: logLevel.NOTHING,
    connectionTimeout: 3000,
    requestTimeout: 5000,
    retry: { retries: 2, initialRetryTime: 300 },
  });
  const admin = kafka.admin();
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    if (cluster.brokers.length === 0) throw new Error("describeCluster returned no broker");
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

async function probeClickhouse(url: string): Promise<void> {
  const { createClient } = await import("@clickhouse/client");
  const client = createClient({ url, request_timeout: 5000 });
  try {
    const rs = await client.query({ query: "SELECT 1 AS ok", format: "JSONEachRow" });
    const rows = await rs.json<{ ok: number | string }>();
    if (Number(rows[0]?.ok) !== 1) throw new Error(`SELECT 1 returned ${JSON.stringify(rows)}`);
  } finally {
    await client.close().catch(() => {});
  }
}

/** Throws when the service at `url` does not answer a trivial query. */
export async function probeService(name: ServiceName, url: string): Promise<void> {
  if (name === "postgres") return probePostgres(url);
  if (name === "kafka") return probeKafka(url);
  return probeClickhouse(url);
}

// ---------------------------------------------------------------------------------------------
// Docker + testcontainers fallback (developers with Docker; never the case on CI machines here).

/** The Docker socket, when DOCKER_HOST is unset or unix://. */
function dockerSocketPath(): string | undefined {
  const host = process.env.DOCKER_HOST;
  if (!host) return "/var/run/docker.sock";
  if (host.startsWith("unix://")) return host.slice("unix://".length);
  return undefined;
}

/** True when a Docker engine answers GET /_ping within a second. */
export async function dockerAnswers(): Promise<boolean> {
  const host = process.env.DOCKER_HOST;
  const socketPath = dockerSocketPath();
  if (socketPath !== undefined && !existsSync(socketPath)) return false;
  let target: http.RequestOptions;
  if (socketPath !== undefined) {
    target = { socketPath, path: "/_ping" };
  } else {
    const u = new URL((host ?? "").replace(/^tcp:/, "http:"));
    target = { host: u.hostname, port: u.port || 2375, path: "/_ping" };
  }
  return new Promise((resolve) => {
    const req = http.get({ ...target, timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(false));
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface StartedService {
  url: string;
  stop(): Promise<void>;
}

/** Starts one service in a container (only called when dockerAnswers()). */
export async function startServiceContainer(name: ServiceName): Promise<StartedService> {
  const { GenericContainer, Wait, getContainerRuntimeClient } = await import("testcontainers");
  if (name === "postgres") {
    const c = await new GenericContainer("postgres:15")
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: "trust" })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start();
    return {
      url: `postgres://postgres@${c.getHost()}:${c.getMappedPort(5432)}/postgres`,
      stop: async () => void (await c.stop()),
    };
  }
  if (name === "kafka") {
    // The advertised listener must be the address clients use, so bind a fixed host port.
    const host = (await getContainerRuntimeClient()).info.containerRuntime.host;
    const port = await freePort();
    const c = await new GenericContainer("apache/kafka:3.9.1")
      .withEnvironment({
        KAFKA_NODE_ID: "1",
        KAFKA_PROCESS_ROLES: "broker,controller",
        KAFKA_LISTENERS: "PLAINTEXT://:9092,CONTROLLER://:9093",
        KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://${host}:${port}`,
        KAFKA_CONTROLLER_LISTENER_NAMES: "CONTROLLER",
        KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
        KAFKA_CONTROLLER_QUORUM_VOTERS: "1@localhost:9093",
        KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: "1",
        KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: "1",
        KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: "1",
        KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: "0",
        KAFKA_NUM_PARTITIONS: "3",
        KAFKA_AUTO_CREATE_TOPICS_ENABLE: "true",
      })
      .withExposedPorts({ container: 9092, host: port })
      .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
      .start();
    return { url: `${host}:${port}`, stop: async () => void (await c.stop()) };
  }
  const c = await new GenericContainer("clickhouse/clickhouse-server:24.8")
    .withEnvironment({ CLICKHOUSE_SKIP_USER_SETUP: "1" })
    .withExposedPorts(8123)
    .withWaitStrategy(Wait.forHttp("/ping", 8123).forStatusCode(200))
    .start();
  return { url: `http://${c.getHost()}:${c.getMappedPort(8123)}`, stop: async () => void (await c.stop()) };
}

/**
 * Decides where each service comes from (see the top of this file). Used by the global setup;
 * `started` receives the containers to stop at teardown.
 */
export async function resolveServices(started: StartedService[]): Promise<ServicesStatus> {
  const result = {} as ServicesStatus;
  let docker: boolean | undefined;
  for (const name of SERVICE_NAMES) {
    const envName = SERVICE_ENV[name];
    const url = process.env[envName]?.trim();
    if (url) {
      try {
        await probeService(name, url);
        result[name] = { name, available: true, url, source: "env" };
      } catch (err) {
        result[name] = {
          name,
          available: false,
          reason: `${envName}=${url} is set but does not answer (${errorText(err)}); ${HOW_TO_GET[name]}`,
        };
      }
      continue;
    }
    docker ??= await dockerAnswers();
    if (!docker) {
      result[name] = {
        name,
        available: false,
        reason: `${envName} is not set and no Docker engine answers; ${HOW_TO_GET[name]}`,
      };
      continue;
    }
    try {
      const svc = await startServiceContainer(name);
      started.push(svc);
      await probeService(name, svc.url);
      process.env[envName] = svc.url;
      result[name] = { name, available: true, url: svc.url, source: "testcontainers" };
    } catch (err) {
      result[name] = {
        name,
        available: false,
        reason: `${envName} is not set and starting it with testcontainers failed (${errorText(err)})`,
      };
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Inside test files.

/** Status of a service as decided by the global setup (falls back to the env variable alone). */
export function serviceStatus(name: ServiceName): ServiceStatus {
  let provided: ServicesStatus | undefined;
  try {
    provided = inject("pinServices");
  } catch {
    provided = undefined;
  }
  const fromSetup = provided?.[name];
  if (fromSetup) return fromSetup;
  const url = process.env[SERVICE_ENV[name]]?.trim();
  return url
    ? { name, available: true, url, source: "env" }
    : { name, available: false, reason: `${SERVICE_ENV[name]} is not set; ${HOW_TO_GET[name]}` };
}

function missingMessage(st: ServiceStatus, what: string): string {
  return `${st.name} is MISSING for "${what}": ${st.reason ?? "unknown reason"}`;
}

function warnSkip(message: string): void {
  const line = "!".repeat(100);
  console.warn(`\n${line}\n!! SKIPPED: ${message}\n!! (under CI=true this fails the run)\n${line}\n`);
}

function missingOf(names: ServiceName | readonly ServiceName[]): ServiceStatus[] {
  const list: readonly ServiceName[] = typeof names === "string" ? [names] : names;
  return list.map(serviceStatus).filter((s) => !s.available);
}

/**
 * `describe` that runs only when the service(s) are available: skipped with a loud warning when
 * one is missing, and failing (one test naming the service) under CI=true.
 */
export function describeWithService(
  names: ServiceName | readonly ServiceName[],
  title: string,
  fn: () => void,
): void {
  const missing = missingOf(names);
  const message = missing.map((st) => missingMessage(st, title)).join("\n");
  describeRequiring(
    missing.map((s) => s.name),
    message,
    title,
    fn,
  );
}

/**
 * The policy behind describeWithService for any prerequisite (a service, the browser): runs
 * `fn` when `missing` is empty; else fails one test naming what is missing under CI=true, or
 * warns loudly and skips the describe.
 */
export function describeRequiring(
  missing: readonly string[],
  message: string,
  title: string,
  fn: () => void,
): void {
  if (missing.length === 0) {
    describe(title, fn);
    return;
  }
  if (isCI()) {
    describe(title, () => {
      it(`requires ${missing.join(", ")}`, () => {
        throw new Error(`CI=true and a required service is missing:\n${message}`);
      });
    });
    return;
  }
  warnSkip(message);
  describe.skip(title, fn);
}

/** Minimal shape of vitest's test context that we need (ctx.skip). */
interface SkippableContext {
  skip(note?: string): never;
  task?: { name: string };
}

/**
 * Called while a test file is being collected (top level or inside a describe callback): makes
 * every describe/it registered from now on in the current suite `skip` mode, the same as
 * `describe.skip` (hooks inside do not run, tests count as skipped). The flag is removed again
 * once the synchronous part of the collection is over. Returns false outside collection.
 */
function skipRestOfCollection(): boolean {
  let collector: ReturnType<typeof TestRunner.getCurrentSuite> | undefined;
  try {
    collector = TestRunner.getCurrentSuite();
  } catch {
    return false;
  }
  // While tests run (hooks), the file already has a result; while collecting it has none.
  if (!collector?.options || collector.file?.result !== undefined) return false;
  const options = collector.options;
  const previous = options.skip;
  options.skip = true;
  setTimeout(() => {
    if (previous === undefined) delete options.skip;
    else options.skip = previous;
  }, 0);
  return true;
}

function currentFileName(): string | undefined {
  try {
    return TestRunner.getCurrentSuite().file?.name;
  } catch {
    return undefined;
  }
}

/**
 * Returns the service URL (postgres admin URL, comma-separated brokers, ClickHouse HTTP URL).
 * Use it at the top of a test file (`const brokers = await requireService("kafka")`), inside a
 * describe callback, or inside a test (`await requireService("kafka", ctx)`).
 * When the service is MISSING: under CI=true it throws (the file or test fails, naming the
 * service); otherwise it warns loudly and skips: the current test, or everything the file (or
 * describe) registers after the call — the returned URL is then "" and unused. In a
 * beforeAll/beforeEach hook it cannot skip and throws: prefer describeWithService there.
 */
export async function requireService(name: ServiceName, ctx?: SkippableContext): Promise<string> {
  const st = serviceStatus(name);
  if (st.available && st.url) return st.url;
  const current = ctx ?? (TestRunner.getCurrentTest()?.context as SkippableContext | undefined);
  const message = missingMessage(st, current?.task?.name ?? currentFileName() ?? "this file");
  if (isCI()) throw new Error(`CI=true and a required service is missing: ${message}`);
  warnSkip(message);
  if (current) current.skip(message);
  if (skipRestOfCollection()) return "";
  throw new Error(message);
}

function urlOf(name: ServiceName): string {
  const st = serviceStatus(name);
  if (!st.available || !st.url) throw new Error(missingMessage(st, `${name} helper`));
  return st.url;
}

/** Admin URL of the test PostgreSQL (a superuser on the `postgres` database). */
export const pgAdminUrl = (): string => urlOf("postgres");
/** Kafka bootstrap brokers for kafkajs. */
export const kafkaBrokers = (): string[] =>
  urlOf("kafka")
    .split(",")
    .map((b) => b.trim())
    .filter(Boolean);
/** ClickHouse HTTP URL. */
export const clickhouseUrl = (): string => urlOf("clickhouse");

const randomSuffix = (): string => `${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;

/** A unique database name: lower-case [a-z0-9_], at most 63 bytes (PostgreSQL's limit). */
export function uniqueName(prefix: string): string {
  const clean =
    prefix
      .toLowerCase()
      .replace(/[^a-z0-9_]+/g, "_")
      .replace(/^_+|_+$/g, "") || "t";
  const suffix = randomSuffix();
  return `${clean.slice(0, 62 - suffix.length - 3)}_${suffix}`.replace(/^(\d)/, "t_$1");
}

/** A unique Kafka topic name (legal characters only: [a-zA-Z0-9._-]). */
export function uniqueTopic(prefix: string): string {
  const clean = prefix.replace(/[^a-zA-Z0-9._-]+/g, "-").slice(0, 180) || "topic";
  return `${clean}.${Date.now().toString(36)}.${randomBytes(4).toString("hex")}`;
}

export interface TestDatabase {
  /** connection URL of the new, empty database */
  url: string;
  name: string;
  /** drops the database WITH (FORCE), closing leftover connections; safe to call twice */
  drop(): Promise<void>;
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: pgAdminUrl(), connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Creates a uniquely named database on the test PostgreSQL: empty, or a copy of `template` (the
 * migrated template of test/support/migrated-template.ts).
 */
export async function createTestDatabase(prefix: string, template?: string): Promise<TestDatabase> {
  const name = uniqueName(prefix);
  await withAdmin((c) => c.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`));
  const url = new URL(pgAdminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      withAdmin(async (c) => void (await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))),
  };
}
