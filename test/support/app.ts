import { type Client, createClient } from "graphql-ws";
import WebSocket from "ws";
import { type App, startApp } from "../../src/app.js";
import { DEMO_USERS } from "../../src/platform/auth/demo-users.js";
import { createTokenService } from "../../src/platform/auth/jwt.js";
import type { UserRole } from "../../src/platform/auth/viewer.js";
import { type Clock, ManualClock } from "../../src/platform/clock/clock.js";
import { loadSettings, type Role, type Settings } from "../../src/platform/config/settings.js";
import type { Db } from "../../src/platform/db/prisma-client.js";
import { createLogger, type Logger } from "../../src/platform/log/logger.js";
import { createMetricsRegistry, type Registry } from "../../src/platform/metrics/registry.js";
import { isolationEnv } from "./isolation.js";
import { migratedTemplate } from "./migrated-template.js";
import { createTestDatabase, pgAdminUrl } from "./services.js";

export interface TestAppOptions {
  /** Defaults to a ManualClock at 2026-01-01T00:00:00Z */
  readonly clock?: Clock;
  /** Defaults to all three roles */
  readonly roles?: Role[];
  /** Kafka brokers to use; default: the local PostgreSQL event log */
  readonly kafkaBrokers?: string | null;
  /** Extra settings (validated like the environment) */
  readonly env?: Record<string, string>;
  /** Reuse an existing database instead of creating one (then stop() does not drop it) */
  readonly databaseUrl?: string;
  readonly log?: Logger;
}

export interface TestApp {
  readonly app: App;
  readonly url: string;
  readonly wsUrl: string;
  readonly db: Db;
  readonly clock: Clock;
  readonly metrics: Registry;
  readonly settings: Settings;
  /** A signed bearer token for a demo user of that role (override userId/tenantId as needed) */
  tokenFor(role: UserRole, overrides?: { userId?: string; tenantId?: string | null }): Promise<string>;
  /** POST a GraphQL document over real HTTP; T is the result type the test expects */
  graphql<T = Record<string, unknown>, V = Record<string, unknown>>(
    query: string,
    variables?: V,
    token?: string | null,
  ): Promise<{ data?: T; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }>;
  /** A real graphql-ws client authenticated on connection_init */
  wsClient(token: string | null): Client;
  stop(): Promise<void>;
}

/**
 * Tests run on a configured database, where the built-in development secret is refused (issue
 * #13): the harness configures this one and signs with it. Rate limits are lifted by default (a
 * test drives all its load as one caller); the security suite sets its own.
 */
export const TEST_JWT_SECRET = "pin-test-secret-0123456789-abcdefghijklmnop";
export const TEST_API_ENV = {
  PIN_JWT_SECRET: TEST_JWT_SECRET,
  PIN_RATE_LIMIT_ANONYMOUS_PER_MINUTE: "1000000",
  PIN_RATE_LIMIT_USER_PER_MINUTE: "1000000",
  PIN_RATE_LIMIT_ADDRESS_PER_MINUTE: "1000000",
  // the storefront's budget (issue #42) lifted too; its facets not shared between a test's steps
  PIN_STOREFRONT_COST_ANONYMOUS_PER_MINUTE: "100000000",
  PIN_STOREFRONT_COST_USER_PER_MINUTE: "100000000",
  PIN_STOREFRONT_IN_FLIGHT_ANONYMOUS: "1000",
  PIN_STOREFRONT_IN_FLIGHT_USER: "1000",
  PIN_STOREFRONT_FACETS_CACHE_MS: "0",
  PIN_STOREFRONT_HEAVY_AT_ONCE: "64",
  PIN_STOREFRONT_STATEMENT_TIMEOUT_MS: "15000",
} as const;
const tokens = createTokenService({ secret: TEST_JWT_SECRET, issuer: "pin-platform" });

/** The real server (HTTP + graphql-ws) on a random port over a fresh, migrated database. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // A copy of the migrated template (decision 0475): the app's own migration step at boot finds
  // every migration applied.
  const database = options.databaseUrl
    ? null
    : await createTestDatabase("app", await migratedTemplate(pgAdminUrl()));
  const databaseUrl = options.databaseUrl ?? database!.url;
  const settings = loadSettings({
    NODE_ENV: "test",
    PORT: "0",
    DATABASE_URL: databaseUrl,
    PIN_ROLES: (options.roles ?? ["api", "consumers", "workers"]).join(","),
    PIN_SEED_DEMO: "false",
    // The test database is a configured one; tests sign in through /dev/token like a developer.
    PIN_DEV_TOKENS: "true",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "warn",
    // Analytics (chdb is heavy) only for the tests that ask for it.
    PIN_ANALYTICS: "off",
    ...TEST_API_ENV,
    // This test file's own topics and consumer groups on the shared broker (decision 0410).
    ...isolationEnv(),
    ...(options.kafkaBrokers ? { KAFKA_BROKERS: options.kafkaBrokers } : {}),
    // Production refuses the local log unless chosen (decision 0550), and serves the operations
    // listener: on a free port, so that test files in parallel do not meet on 9464 (decision 0549).
    ...(options.env?.NODE_ENV === "production"
      ? { ...(options.kafkaBrokers ? {} : { PIN_EVENT_TRANSPORT: "local" }), PIN_OPS_PORT: "0" }
      : {}),
    ...options.env,
  });
  const clock = options.clock ?? new ManualClock("2026-01-01T00:00:00.000Z");
  const metrics = createMetricsRegistry();
  const log = options.log ?? createLogger({ level: settings.logLevel, pretty: false });
  const app = await startApp(settings, { clock, metrics, log });
  const url = app.url ?? "";
  const wsUrl = url.replace(/^http/, "ws");
  const clients: Client[] = [];
  return {
    app,
    url,
    wsUrl,
    db: app.db,
    clock,
    metrics,
    settings,
    tokenFor(role, overrides = {}) {
      const user = DEMO_USERS[role];
      return tokens.sign({
        userId: overrides.userId ?? user.userId,
        roles: [role],
        tenantId: overrides.tenantId === undefined ? user.tenantId : overrides.tenantId,
      });
    },
    async graphql(query, variables, token = null) {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ query: query, variables }),
      });
      return (await response.json()) as never;
    },
    wsClient(token) {
      const client = createClient({
        url: wsUrl,
        webSocketImpl: WebSocket,
        connectionParams: token ? { authorization: `Bearer ${token}` } : {},
        retryAttempts: 0,
        lazy: true,
      });
      clients.push(client);
      return client;
    },
    async stop() {
      for (const client of clients) await client.dispose();
      await app.stop();
      await database?.drop();
    },
  };
}
