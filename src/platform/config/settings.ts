/**
 * The one described settings map of the system. Every setting the process reads is listed here
 * with its type, default and description; `.env.example` is generated from it
 * (`npm run env:example`) and the README's configuration table mirrors it.
 * Unknown `PIN_*` variables and invalid values fail at start with a message naming the setting.
 */

import { resolveKafkaSecurity } from "../events/kafka-security.js";
import { KAFKA_OPERATIONS_SETTINGS } from "./kafka-settings.js";
import { type ConsumerSelection, parseRoles, ROLES, type Role, type RoleSelection } from "./roles.js";
import {
  bool,
  ConfigError,
  durations,
  int,
  list,
  oneOf,
  optionalPort,
  type SettingSpec,
  str,
  trustProxySetting,
  url,
} from "./setting-kinds.js";

export type { ConsumerContext, ConsumerSelection, Role } from "./roles.js";
/** The Kafka client libraries the transport can run on (PIN_KAFKA_CLIENT); kafkajs is the default. */
export const KAFKA_CLIENTS = ["kafkajs", "platformatic"] as const;
/** PIN_EVENT_TRANSPORT (decision 0550): how the event transport is chosen. */
export const EVENT_TRANSPORTS = ["auto", "kafka", "local"] as const;
export type KafkaClientName = (typeof KAFKA_CLIENTS)[number];

export { ConfigError, type SettingDoc } from "./setting-kinds.js";

export const JWT_SECRET_MIN_LENGTH = 32;
/** Used only on the embedded database; refused everywhere else (issue #13). */
export const DEV_JWT_SECRET = "pin-embedded-development-secret-not-for-production";

/** PIN_KAFKA_NAMESPACE (decision 0410): lower-case letters, digits, `-`, `_`; legal in topic names. */
export const KAFKA_NAMESPACE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,39}$/;

function rolesOf(raw: string | undefined): RoleSelection {
  const parsed = parseRoles(raw);
  if (!parsed.ok) throw new ConfigError("PIN_ROLES", parsed.reason);
  return parsed.value;
}

export const SETTINGS = {
  nodeEnv: oneOf(
    "NODE_ENV",
    ["development", "production", "test"] as const,
    "development",
    "Runtime environment; production forbids dev-only endpoints",
  ),
  port: int(
    "PORT",
    4000,
    "HTTP port of the api role (GraphQL at /graphql, /healthz, /readyz; /metrics too unless the operations listener runs, see PIN_OPS_PORT)",
    0,
    65535,
  ),
  host: str(
    "HOST",
    "127.0.0.1",
    "Interface the api's HTTP server binds to: the loopback by default (`npm start`), so nothing outside the machine reaches it; 0.0.0.0 in a container (the image sets it)",
  ),
  roles: {
    env: "PIN_ROLES",
    description: `Comma-separated runtime roles this process runs (${ROLES.join(", ")}); consumers:<context>[+<context>] runs only those contexts' consumers, consumers:-<context> all but those (decision 0516)`,
    example: "api,consumers,workers",
    parse: (raw: string | undefined): Role[] => rolesOf(raw).roles,
  } satisfies SettingSpec<Role[]>,
  /** The consumers role's selection of contexts, read from PIN_ROLES as well (decision 0516). */
  consumerContexts: {
    env: "PIN_ROLES",
    description: "",
    example: "",
    parse: (raw: string | undefined): ConsumerSelection => rolesOf(raw).consumers,
  } satisfies SettingSpec<ConsumerSelection>,
  databaseUrl: url(
    "DATABASE_URL",
    ["postgres:", "postgresql:"],
    "PostgreSQL URL; empty → embedded PostgreSQL under PIN_DATA_DIR",
    "postgres://postgres@127.0.0.1:5432/pin",
  ),
  kafkaBrokers: str(
    "KAFKA_BROKERS",
    null,
    "Comma-separated Kafka brokers; empty → local event log in PostgreSQL outside production (production requires it unless PIN_EVENT_TRANSPORT=local)",
    "127.0.0.1:19092",
  ),
  eventTransport: oneOf(
    "PIN_EVENT_TRANSPORT",
    EVENT_TRANSPORTS,
    "auto",
    "Event transport: kafka (KAFKA_BROKERS required), local (the PostgreSQL event log, KAFKA_BROKERS must be empty), auto = kafka when KAFKA_BROKERS is set, else local outside production; production on the local log must choose it explicitly (decision 0550)",
  ),
  kafkaNamespace: {
    env: "PIN_KAFKA_NAMESPACE",
    description:
      "Suffix of every Kafka topic and consumer group on the broker (<topic>.<namespace>, <group>.<namespace>), so several deployments or test runs share one broker; empty → the specification's names",
    example: "",
    parse: (raw: string | undefined): string | null => {
      if (raw === undefined || raw === "") return null;
      if (!KAFKA_NAMESPACE_PATTERN.test(raw))
        throw new ConfigError(
          "PIN_KAFKA_NAMESPACE",
          `expected [a-z0-9][a-z0-9_-]{0,39}, got "${raw.slice(0, 60)}"`,
        );
      return raw;
    },
  } satisfies SettingSpec<string | null>,
  kafkaClient: oneOf(
    "PIN_KAFKA_CLIENT",
    KAFKA_CLIENTS,
    "kafkajs",
    "Kafka client library behind the transport when KAFKA_BROKERS is set (decision 0430)",
  ),
  kafkaSessionTimeoutMs: int(
    "PIN_KAFKA_SESSION_TIMEOUT_MS",
    30_000,
    "Kafka consumer group session timeout (ms): how long a member that stopped heartbeating (a killed process) keeps its partitions before the group moves them; heartbeats every third of it, at most every 2 s (decision 0525). The broker's group.min/max.session.timeout.ms bound it (6 s..30 min by default)",
    6_000,
    300_000,
  ),
  ...KAFKA_OPERATIONS_SETTINGS,
  clickhouseUrl: url(
    "CLICKHOUSE_URL",
    ["http:", "https:"],
    "ClickHouse HTTP URL; empty → embedded chdb engine under PIN_DATA_DIR",
    "http://127.0.0.1:8123",
  ),
  embeddedPostgresPort: int(
    "PIN_EMBEDDED_PG_PORT",
    54329,
    "Port of the embedded PostgreSQL (used only when DATABASE_URL is empty)",
    1,
    65535,
  ),
  dataDir: str("PIN_DATA_DIR", ".data", "Folder for embedded PostgreSQL and chdb data"),
  seedDemoData: bool(
    "PIN_SEED_DEMO",
    true,
    "On the embedded database: seed the demo (two developers, ~200 apartments, deals, a month of sales history played through crm's commands); idempotent, the history only once",
  ),
  logLevel: oneOf(
    "LOG_LEVEL",
    ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const,
    "info",
    "pino log level",
  ),
  logFormat: oneOf(
    "LOG_FORMAT",
    ["auto", "pretty", "json"] as const,
    "auto",
    "Log lines: pretty (one human-readable line per entry) or json (one JSON object per line, for a collector); auto → pretty in development (at a terminal or not), json otherwise",
  ),
  logPretty: bool(
    "PIN_LOG_PRETTY",
    false,
    "Force human-readable logs, as LOG_FORMAT=pretty (kept for existing setups)",
  ),
  jwtSecret: str(
    "PIN_JWT_SECRET",
    null,
    `HS256 secret for bearer tokens (at least ${JWT_SECRET_MIN_LENGTH} characters); required unless PIN_JWT_JWKS_URL is set or the database is the embedded one (which alone may use the built-in development secret)`,
  ),
  jwtIssuer: str("PIN_JWT_ISSUER", "pin-platform", "Expected JWT issuer"),
  jwtAudience: str(
    "PIN_JWT_AUDIENCE",
    null,
    "Expected JWT audience (aud); not checked when empty",
    "pin-api",
  ),
  jwtJwksUrl: url(
    "PIN_JWT_JWKS_URL",
    ["https:", "http:"],
    "JWKS URL of the identity provider (RS256/ES256/EdDSA tokens); keys are cached and refetched on an unknown kid. Replaces PIN_JWT_SECRET",
    "https://id.example.com/.well-known/jwks.json",
  ),
  jwtMaxTtlSeconds: int(
    "PIN_JWT_MAX_TTL_SECONDS",
    43_200,
    "Longest token lifetime accepted (exp − iat, and exp − now); tokens without exp are refused",
    60,
    604_800,
  ),
  corsOrigins: list(
    "PIN_CORS_ORIGINS",
    "Comma-separated browser origins allowed to call the API (CORS, no credentials); empty → any origin outside production, none in production",
    "https://app.example.com,https://admin.example.com",
  ),
  graphqlIntrospection: oneOf(
    "PIN_GRAPHQL_INTROSPECTION",
    ["auto", "true", "false"] as const,
    "auto",
    "Schema introspection; auto = on outside production, off in production",
  ),
  graphqlPersistedOperations: str(
    "PIN_GRAPHQL_PERSISTED_OPERATIONS",
    null,
    'Path of a JSON manifest {"<sha256>": "<document>"}; when set, only these operations are accepted (Apollo persistedQuery extension or documentId)',
    "persisted-operations.json",
  ),
  graphqlOperationNames: list(
    "PIN_GRAPHQL_OPERATION_NAMES",
    'Operation names of our own clients that metrics label by name; every other name is counted as "other"',
    "MyDeals,Grid,Book",
    500,
    64,
  ),
  opsPort: optionalPort(
    "PIN_OPS_PORT",
    "Port of the operations listener every role serves (/healthz, /readyz, /metrics; decision 0549): default 9464 in production; outside production off unless set (the api port serves the three); /metrics is then not on the api port",
    "9464",
  ),
  opsHost: str(
    "PIN_OPS_HOST",
    null,
    "Interface of the operations listener: empty → 127.0.0.1 (`npm start`); the container image sets 0.0.0.0",
    "127.0.0.1",
  ),
  metricsPort: optionalPort("PIN_METRICS_PORT", "Deprecated: read as PIN_OPS_PORT when that is unset", ""),
  metricsHost: str("PIN_METRICS_HOST", null, "Deprecated: read as PIN_OPS_HOST when that is unset", ""),
  apiDbPoolSize: int(
    "PIN_API_DB_POOL_SIZE",
    8,
    "Database connections of the api role (its own pool, so the API cannot starve workers and consumers)",
    1,
    200,
  ),
  dbPreparedStatements: bool(
    "PIN_DB_PREPARED_STATEMENTS",
    true,
    "Send the database's statements as named prepared statements (parsed once per connection, planned for their parameters each time; decision 0628); false behind a transaction-mode pooler that does not keep them (PgBouncer before 1.21, or without max_prepared_statements)",
  ),
  dbPoolSize: int(
    "PIN_DB_POOL_SIZE",
    10,
    "Database connections of the workers and consumers (the API has its own pool)",
    1,
    200,
  ),
  requestDbConcurrency: int(
    "PIN_REQUEST_DB_CONCURRENCY",
    2,
    "Database statements one GraphQL request (or one WebSocket operation) may run at the same time",
    1,
    64,
  ),
  requestTimeoutMs: int(
    "PIN_REQUEST_TIMEOUT_MS",
    15_000,
    "A GraphQL request is answered 503 REQUEST_TIMEOUT after this and its further database work refused; also the API's statement_timeout",
    100,
    300_000,
  ),
  rateLimitAnonymousPerMinute: int(
    "PIN_RATE_LIMIT_ANONYMOUS_PER_MINUTE",
    120,
    "GraphQL requests per minute per client address without a token",
    1,
  ),
  rateLimitUserPerMinute: int(
    "PIN_RATE_LIMIT_USER_PER_MINUTE",
    600,
    "GraphQL requests (and WebSocket operations) per minute per signed-in user",
    1,
  ),
  rateLimitAddressPerMinute: int(
    "PIN_RATE_LIMIT_ADDRESS_PER_MINUTE",
    1_200,
    "HTTP requests per minute per client address, signed in or not (bounds token verification work)",
    1,
  ),
  rateLimitStore: oneOf(
    "PIN_RATE_LIMIT_STORE",
    ["auto", "memory", "postgres"] as const,
    "auto",
    "Where rate-limit windows are counted: postgres = shared by every API replica on the database; memory = per process; auto = memory on the embedded database, postgres otherwise",
  ),
  trustProxy: trustProxySetting(
    "PIN_TRUST_PROXY",
    "Our proxies in front of the API: false (the socket's peer is the client), a hop count (true = 1), or trusted proxy addresses/CIDRs (also loopback, private), comma-separated; the client is the right-most untrusted hop of PIN_TRUST_PROXY_HEADER",
  ),
  trustProxyHeader: oneOf(
    "PIN_TRUST_PROXY_HEADER",
    ["x-forwarded-for", "forwarded"] as const,
    "x-forwarded-for",
    "The header our proxies append the client to: X-Forwarded-For or RFC 7239 Forwarded (the other one is ignored)",
  ),
  wsMaxConnectionsPerUser: int(
    "PIN_WS_MAX_CONNECTIONS_PER_USER",
    8,
    "Open graphql-ws connections per signed-in user",
    1,
  ),
  wsMaxSubscriptionsPerUser: int(
    "PIN_WS_MAX_SUBSCRIPTIONS_PER_USER",
    32,
    "Active subscriptions per signed-in user over all their connections",
    1,
  ),
  devTokens: oneOf(
    "PIN_DEV_TOKENS",
    ["auto", "true", "false"] as const,
    "auto",
    "Serve GET /dev/token?role=… and prefill GraphiQL with demo tokens; auto = only on the embedded database; never when NODE_ENV=production",
  ),
  testClock: bool(
    "PIN_TEST_CLOCK",
    false,
    'Let an admin move "now" forward (GraphQL advanceTestClock) for development and tests; only on the embedded database (or NODE_ENV=test); refused in production',
  ),
  outboxRelayIntervalMs: int(
    "PIN_OUTBOX_RELAY_INTERVAL_MS",
    200,
    "Outbox relay poll interval when idle (the fallback when commit signals are off or their connection is down)",
    10,
  ),
  commitSignals: bool(
    "PIN_COMMIT_SIGNALS",
    true,
    "Wake the outbox relay and the local log's readers on commit (PostgreSQL LISTEN/NOTIFY on one connection per process; decision 0485); false = polling only, e.g. behind a transaction-mode pooler",
  ),
  commitSignalFallbackMs: int(
    "PIN_COMMIT_SIGNAL_FALLBACK_MS",
    30_000,
    "How long the outbox relay, the local log's readers and the parked-message scanners sleep between idle polls while their commit-signal connection listens (decisions 0588, 0613): a commit (a park) wakes them at once, this poll only catches a signal lost; while the connection is down they poll at their own intervals",
    100,
    300_000,
  ),
  outboxShards: int(
    "PIN_OUTBOX_SHARDS",
    8,
    "Number of outbox shards (key hash); one publisher per shard",
    1,
    1024,
  ),
  outboxRetentionHours: int("PIN_OUTBOX_RETENTION_HOURS", 72, "How long published outbox rows are kept", 1),
  dedupWindowDays: int("PIN_DEDUP_WINDOW_DAYS", 14, "How long consumer dedup keys are kept", 1),
  consumerBatchSize: int(
    "PIN_CONSUMER_BATCH_SIZE",
    500,
    "Most messages a consumer handles in one transaction / sink flush (a consumer may override it)",
    1,
    10_000,
  ),
  consumerFlushMs: int(
    "PIN_CONSUMER_FLUSH_MS",
    500,
    "How long a Kafka fetch waits on the broker, ms: for the first record (per-message consumers, the broadcast; an idle member's empty fetches) or to fill a batch (a consumer may override it)",
    1,
    60_000,
  ),
  projectionFlushMs: int(
    "PIN_PROJECTION_FLUSH_MS",
    100,
    "How long the storefront, chat-card and notification consumers let a Kafka fetch gather records before their batch, ms: fewer fetches and transactions per booking for up to this much more delay (the chessboard status and the replica take the first record)",
    1,
    60_000,
  ),
  bookingExpirationCycleSeconds: int(
    "PIN_BOOKING_EXPIRATION_CYCLE_SECONDS",
    60,
    "booking-expiration worker cycle",
    1,
  ),
  bookingExpirationBatchSize: int(
    "PIN_BOOKING_EXPIRATION_BATCH_SIZE",
    500,
    "Bookings claimed per expiration batch",
    1,
  ),
  holdExpirationCycleSeconds: int(
    "PIN_HOLD_EXPIRATION_CYCLE_SECONDS",
    60,
    "chessboard hold-expiration safety worker cycle",
    1,
  ),
  holdExpirationBatchSize: int(
    "PIN_HOLD_EXPIRATION_BATCH_SIZE",
    200,
    "Property objects released per hold-expiration transaction",
    1,
  ),
  holdExpirationGraceMinutes: int(
    "PIN_HOLD_EXPIRATION_GRACE_MINUTES",
    10,
    "Grace after ReservedUntil/BookedUntil before a hold is force-released",
    0,
  ),
  catalogSyncRetryDelays: durations(
    "PIN_CATALOG_SYNC_RETRY_DELAYS",
    "30s,1m,2m,4m,8m,16m",
    "pin-catalog-chessboard-sync: delays of the retries of a retriable failure (*_NOT_FOUND); one retry per item, then DLQ",
  ),
  dealEventRetryDelays: durations(
    "PIN_DEAL_EVENT_RETRY_DELAYS",
    "1s,5s,30s,1m,2m,4m,8m,16m",
    "crm booking events that wait for another key's event (a moment behind on another partition) — chessboard's hold guard, messenger cards, notifications: delays of the retries; then DLQ",
  ),
  catalogRewardsUrl: url(
    "PIN_CATALOG_REWARDS_URL",
    ["http:", "https:"],
    "Base URL of the rewards internal API (agent commission of a lot); empty → commission stays null",
    "http://rewards.internal:8080",
  ),
  catalogRewardsTimeoutMs: int(
    "PIN_CATALOG_REWARDS_TIMEOUT_MS",
    2000,
    "Timeout of one rewards commission request; on timeout the commission is deferred",
    1,
    60000,
  ),
  analytics: oneOf(
    "PIN_ANALYTICS",
    ["auto", "off"] as const,
    "auto",
    "Analytics (dev-stats on ClickHouse): auto = the server at CLICKHOUSE_URL, else embedded chdb when installed; off = none",
  ),
  devStatsDatabase: str(
    "PIN_DEVSTATS_DATABASE",
    "pin_dev_stats",
    "ClickHouse database of dev-stats (lower-case identifier)",
  ),
  devStatsFunnelEnabled: bool(
    "PIN_DEVSTATS_FUNNEL_ENABLED",
    true,
    "Default of the run-time flag dev-stats.funnel.enabled (a row in platform.feature_flags overrides it without a restart)",
  ),
  featureFlagRefreshMs: int(
    "PIN_FEATURE_FLAG_REFRESH_MS",
    5_000,
    "How often a process re-reads a run-time feature flag from platform.feature_flags",
    0,
    600_000,
  ),
  devStatsBatchRows: int(
    "PIN_DEVSTATS_BATCH_ROWS",
    1_000,
    "dev-stats funnel: most rows per ClickHouse insert",
    1,
    100_000,
  ),
  devStatsBatchMs: int(
    "PIN_DEVSTATS_BATCH_MS",
    5_000,
    "dev-stats funnel: longest wait (ms) before a partial batch is inserted",
    1,
    300_000,
  ),
  devStatsDimensionCacheMs: int(
    "PIN_DEVSTATS_DIMENSION_CACHE_MS",
    60_000,
    "dev-stats funnel: how long a found dim_property_object path is reused from memory before it is read again (0 = always read); misses are never cached",
    0,
    3_600_000,
  ),
  devStatsDimensionRetries: int(
    "PIN_DEVSTATS_DIMENSION_RETRIES",
    6,
    "dev-stats funnel: re-enrichment attempts of a booking whose dim_property_object row is missing, before DLQ + dimension-gap alert",
    0,
    20,
  ),
  devStatsDimensionRetryMs: int(
    "PIN_DEVSTATS_DIMENSION_RETRY_MS",
    30_000,
    "dev-stats funnel: first re-enrichment delay (ms); doubles per attempt",
    1,
    3_600_000,
  ),
  catalogLotsAnonymousPerMinute: int(
    "PIN_CATALOG_LOTS_ANONYMOUS_PER_MINUTE",
    60,
    "Storefront reads (lots, projectCards, catalogFilters) per minute per client address without a token",
    1,
  ),
  storefrontCostAnonymousPerMinute: int(
    "PIN_STOREFRONT_COST_ANONYMOUS_PER_MINUTE",
    300,
    "Storefront cost units (≈ 10 ms of database time each: lots page 1, DISTANCE 100, catalogFilters 40 / 60 with q, fine lotClusters 20) per minute per client address without a token; an operation costing more than what is left is refused before it runs (RATE_LIMITED)",
    1,
  ),
  storefrontCostUserPerMinute: int(
    "PIN_STOREFRONT_COST_USER_PER_MINUTE",
    1_200,
    "Storefront cost units per minute per signed-in user (see PIN_STOREFRONT_COST_ANONYMOUS_PER_MINUTE)",
    1,
  ),
  storefrontInFlightAnonymous: int(
    "PIN_STOREFRONT_IN_FLIGHT_ANONYMOUS",
    2,
    "Operations with storefront fields one client address without a token may have running at once (TOO_MANY_IN_FLIGHT beyond)",
    1,
    1_000,
  ),
  storefrontInFlightUser: int(
    "PIN_STOREFRONT_IN_FLIGHT_USER",
    4,
    "Operations with storefront fields one signed-in user may have running at once (TOO_MANY_IN_FLIGHT beyond)",
    1,
    1_000,
  ),
  storefrontHeavyAtOnce: int(
    "PIN_STOREFRONT_HEAVY_AT_ONCE",
    1,
    "Heavy storefront operations (cost ≥ 10 units: facets, DISTANCE sorts, fine clusters) one API process runs at once, whoever sends them; the others wait in order (32 at most, then STOREFRONT_BUSY) and a slot rests as long as it was held (≤ 2 s) between two of them — pages of lots never wait for them",
    1,
    64,
  ),
  storefrontStatementTimeoutMs: int(
    "PIN_STOREFRONT_STATEMENT_TIMEOUT_MS",
    2_000,
    "statement_timeout of the storefront's reads (SET LOCAL in their transaction); a read cut by it answers STOREFRONT_QUERY_TOO_EXPENSIVE",
    100,
    60_000,
  ),
  storefrontFacetsCacheMs: int(
    "PIN_STOREFRONT_FACETS_CACHE_MS",
    3_000,
    "How long catalogFilters' answer for one normalised filter is reused by every caller (concurrent identical requests share one read); 0 = no cache",
    0,
    60_000,
  ),
  catalogFacetGroupsCycleMs: int(
    "PIN_CATALOG_FACET_GROUPS_CYCLE_MS",
    1_000,
    "How often the catalog-facet-groups worker rebuilds the facet groups of projects whose lot cards changed (decision 0534); until then catalogFilters with q reads those projects' lots live",
    100,
    60_000,
  ),
  workerQuietCycleMs: int(
    "PIN_WORKER_QUIET_CYCLE_MS",
    30_000,
    "The cycle of the queue-draining workers (catalog facet groups, saved-search alerts, projection rebuilds) once the system was quiet for a minute (decision 0614): no commit signal and no work found; a commit signal brings them back to their own cycles at once. Only while commit signals listen",
    1_000,
    600_000,
  ),
  catalogOverrideExpiryCycleSeconds: int(
    "PIN_CATALOG_OVERRIDE_EXPIRY_CYCLE_SECONDS",
    30,
    "How often the display-override expiry worker removes expired overrides and recomputes their cards",
    1,
  ),
  catalogSavedSearchAlertsCycleSeconds: int(
    "PIN_CATALOG_SAVED_SEARCH_ALERTS_CYCLE_SECONDS",
    2,
    "How often the saved-search alert worker drains the catalog's alert changes (published, back to Free, price drops) and notifies the matching saved searches",
    1,
  ),
  catalogSavedSearchAlertsDailyCap: int(
    "PIN_CATALOG_SAVED_SEARCH_ALERTS_DAILY_CAP",
    20,
    "Saved-search notifications a user gets a day (one per lot across all their searches); beyond it one digest names the rest, then nothing until the next day (decision 0581)",
    1,
    1_000,
  ),
  catalogSavedSearchBackOnSaleSeconds: int(
    "PIN_CATALOG_SAVED_SEARCH_BACK_ON_SALE_SECONDS",
    600,
    "A lot back on sale alerts saved searches only if it was off sale at least this long (a booking made and cancelled within it alerts nobody; decision 0581)",
    0,
    7 * 24 * 3600,
  ),
  catalogRebuildCycleSeconds: int(
    "PIN_CATALOG_REBUILD_CYCLE_SECONDS",
    2,
    "How often the projection-rebuild worker looks for queued rebuild jobs",
    1,
  ),
  catalogRebuildChunkSize: int(
    "PIN_CATALOG_REBUILD_CHUNK_SIZE",
    100,
    "Card ids recomputed per transaction by a projection rebuild (progress is recorded after each chunk)",
    1,
    1000,
  ),
  instanceId: str(
    "PIN_INSTANCE_ID",
    null,
    "Unique id of this process (broadcast consumer group, worker claims); random when empty",
  ),
} as const;

type SettingsSpec = typeof SETTINGS;
export type Settings = { [K in keyof SettingsSpec]: ReturnType<SettingsSpec[K]["parse"]> };

/**
 * What the settings are loaded for: the app (every production requirement), or a CLI command
 * (decision 0552: `migrate` and the other commands need DATABASE_URL only; the token secret and
 * the broker are the roles' requirements).
 */
export interface LoadOptions {
  readonly for?: "app" | "cli";
}

/** Parse and validate the environment. Throws ConfigError naming the first bad setting. */
export function loadSettings(env: NodeJS.ProcessEnv = process.env, options: LoadOptions = {}): Settings {
  const known = new Set(Object.values(SETTINGS).map((s) => s.env));
  for (const name of Object.keys(env)) {
    if (name.startsWith("PIN_") && !known.has(name)) {
      throw new ConfigError(name, "unknown setting (see .env.example for the list)");
    }
  }
  const out: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(SETTINGS)) {
    out[key] = spec.parse(env[spec.env]);
  }
  const settings = out as Settings;
  checkTokenSettings(settings, options.for ?? "app");
  checkEventTransport(settings, options.for ?? "app");
  const kafkaSecurity = resolveKafkaSecurity(settings);
  if (!kafkaSecurity.ok) throw new ConfigError(kafkaSecurity.setting, kafkaSecurity.reason);
  if (settings.nodeEnv === "production" && settings.testClock) {
    throw new ConfigError("PIN_TEST_CLOCK", "refused when NODE_ENV=production");
  }
  return settings;
}

/**
 * Token settings (decision 0141): the built-in development secret works only on the embedded
 * database; anywhere else (DATABASE_URL set, or production) a strong secret or a JWKS URL is
 * required — checked here for what the settings alone tell, and by tokenKeysFor() when the api
 * role starts (a consumers/workers-only process needs no token keys).
 */
function checkTokenSettings(settings: Settings, purpose: "app" | "cli"): void {
  const secret = settings.jwtSecret;
  const embedded = settings.databaseUrl === null && settings.nodeEnv !== "production";
  if (secret !== null) {
    if (secret === DEV_JWT_SECRET && !embedded)
      throw new ConfigError(
        "PIN_JWT_SECRET",
        "the built-in development secret works only on the embedded database",
      );
    if (secret !== DEV_JWT_SECRET && secret.length < JWT_SECRET_MIN_LENGTH)
      throw new ConfigError("PIN_JWT_SECRET", `must be at least ${JWT_SECRET_MIN_LENGTH} characters`);
    if (new Set(secret).size < 8)
      throw new ConfigError("PIN_JWT_SECRET", "too little variety (use a random secret)");
  }
  if (
    purpose === "app" &&
    settings.nodeEnv === "production" &&
    secret === null &&
    settings.jwtJwksUrl === null
  )
    throw new ConfigError("PIN_JWT_SECRET", "required when NODE_ENV=production (or set PIN_JWT_JWKS_URL)");
}

/**
 * PIN_EVENT_TRANSPORT against KAFKA_BROKERS (decision 0550): production never falls back to the
 * local log silently; a CLI command may run without a broker.
 */
function checkEventTransport(settings: Settings, purpose: "app" | "cli"): void {
  const brokers = settings.kafkaBrokers !== null;
  if (settings.eventTransport === "kafka" && !brokers)
    throw new ConfigError("KAFKA_BROKERS", "required when PIN_EVENT_TRANSPORT=kafka");
  if (settings.eventTransport === "local" && brokers)
    throw new ConfigError("KAFKA_BROKERS", "must be empty when PIN_EVENT_TRANSPORT=local");
  if (
    purpose === "app" &&
    settings.eventTransport === "auto" &&
    !brokers &&
    settings.nodeEnv === "production"
  )
    throw new ConfigError(
      "KAFKA_BROKERS",
      "required when NODE_ENV=production (or choose the PostgreSQL event log with PIN_EVENT_TRANSPORT=local)",
    );
}

/** The api role's token keys: the JWKS or the secret; the development secret only on the embedded database. */
export function tokenKeysFor(
  settings: Pick<
    Settings,
    "jwtSecret" | "jwtJwksUrl" | "jwtIssuer" | "jwtAudience" | "jwtMaxTtlSeconds" | "nodeEnv"
  >,
  embeddedDatabase: boolean,
): {
  issuer: string;
  audience: string | null;
  maxTtlSeconds: number;
  secret?: string;
  jwksUrl?: string;
} {
  const common = {
    issuer: settings.jwtIssuer ?? "pin-platform",
    audience: settings.jwtAudience,
    maxTtlSeconds: settings.jwtMaxTtlSeconds,
  };
  if (settings.jwtJwksUrl) return { ...common, jwksUrl: settings.jwtJwksUrl };
  const embedded = embeddedDatabase && settings.nodeEnv !== "production";
  const secret = settings.jwtSecret ?? (embedded ? DEV_JWT_SECRET : null);
  if (secret === null)
    throw new ConfigError(
      "PIN_JWT_SECRET",
      "required for the api role outside the embedded database (or set PIN_JWT_JWKS_URL); the development secret works only there",
    );
  if (secret === DEV_JWT_SECRET && !embedded)
    throw new ConfigError(
      "PIN_JWT_SECRET",
      "the built-in development secret works only on the embedded database",
    );
  return { ...common, secret };
}

/** `.env.example` text: every setting, its description and an example value. */
export function renderEnvExample(): string {
  const lines = [
    "# Generated from src/platform/config/settings.ts by `npm run env:example`. Do not edit.",
    "",
  ];
  const written = new Set<string>();
  for (const spec of Object.values(SETTINGS)) {
    // PIN_ROLES feeds two settings (roles, consumerContexts): described once
    if (written.has(spec.env)) continue;
    written.add(spec.env);
    lines.push(`# ${spec.description}`);
    lines.push(`# ${spec.env}=${spec.example}`);
    lines.push("");
  }
  return lines.join("\n");
}

/** Dev tokens: never in production; by default only when running on the embedded database. */
export function devTokensEnabled(
  settings: Pick<Settings, "devTokens" | "nodeEnv">,
  embeddedDatabase: boolean,
): boolean {
  if (settings.nodeEnv === "production") return false;
  return settings.devTokens === "true" || (settings.devTokens === "auto" && embeddedDatabase);
}
