import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runsConsumersOf } from "./roles.js";
import {
  ConfigError,
  DEV_JWT_SECRET,
  devTokensEnabled,
  loadSettings,
  renderEnvExample,
  SETTINGS,
  tokenKeysFor,
} from "./settings.js";

const STRONG = "prod-secret-0123456789-abcdefghijklmnopq";

describe("settings", () => {
  it("defaults to embedded mode with every role when nothing is configured", () => {
    const settings = loadSettings({});
    expect(settings.databaseUrl).toBeNull();
    expect(settings.kafkaBrokers).toBeNull();
    expect(settings.clickhouseUrl).toBeNull();
    expect(settings.roles).toEqual(["api", "consumers", "workers"]);
    expect(settings.port).toBe(4000);
  });

  it("an unknown PIN_ setting fails at start naming the setting", () => {
    expect(() => loadSettings({ PIN_ROLSE: "api" })).toThrow(/PIN_ROLSE.*unknown setting/);
  });

  it("an invalid value fails naming the setting", () => {
    expect(() => loadSettings({ PORT: "http" })).toThrowError(
      new ConfigError("PORT", 'expected an integer, got "http"'),
    );
    expect(() => loadSettings({ PIN_ROLES: "api,cron" })).toThrow(/PIN_ROLES.*unknown role "cron"/);
    expect(() => loadSettings({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadSettings({ PIN_SEED_DEMO: "maybe" })).toThrow(/PIN_SEED_DEMO/);
  });

  it("PIN_ROLES selects consumers by context (decision 0516): consumers:<ctx>[+<ctx>], consumers:-<ctx>, plain consumers = all", () => {
    expect(loadSettings({}).consumerContexts).toEqual({ kind: "all" });
    expect(loadSettings({ PIN_ROLES: "api,consumers,workers" }).consumerContexts).toEqual({ kind: "all" });
    const only = loadSettings({ PIN_ROLES: "consumers:chessboard" });
    expect(only.roles).toEqual(["consumers"]);
    expect(only.consumerContexts).toEqual({ kind: "only", contexts: ["chessboard"] });
    const rest = loadSettings({ PIN_ROLES: "api, workers, consumers:-chessboard" });
    expect(rest.roles).toEqual(["api", "workers", "consumers"]);
    expect(rest.consumerContexts).toEqual({ kind: "except", contexts: ["chessboard"] });
    expect(loadSettings({ PIN_ROLES: "consumers:catalog+chessboard+catalog" }).consumerContexts).toEqual({
      kind: "only",
      contexts: ["catalog", "chessboard"],
    });
  });

  it("PIN_ROLES refuses a bad selection of consumers with a ConfigError naming PIN_ROLES", () => {
    const refused = (raw: string) => () => loadSettings({ PIN_ROLES: raw });
    expect(refused("consumers:board")).toThrowError(
      new ConfigError(
        "PIN_ROLES",
        'unknown consumer context "board" (allowed: chessboard, crm, catalog, devstats, messenger, notifications)',
      ),
    );
    expect(refused("consumers:")).toThrow(/PIN_ROLES.*names no context/);
    expect(refused("consumers:chessboard+")).toThrow(/PIN_ROLES.*names no context/);
    expect(refused("consumers:-")).toThrow(/PIN_ROLES.*names no context/);
    expect(refused("api:chessboard")).toThrow(/PIN_ROLES.*only the consumers role takes a selection/);
    expect(refused("consumers:chessboard,consumers:-chessboard")).toThrow(/PIN_ROLES.*named twice/);
    expect(refused("cron:chessboard")).toThrow(/PIN_ROLES.*unknown role "cron"/);
  });

  it("runsConsumersOf: all, only the named contexts, or all but them", () => {
    expect(runsConsumersOf({ kind: "all" }, "catalog")).toBe(true);
    expect(runsConsumersOf({ kind: "only", contexts: ["chessboard"] }, "chessboard")).toBe(true);
    expect(runsConsumersOf({ kind: "only", contexts: ["chessboard"] }, "catalog")).toBe(false);
    expect(runsConsumersOf({ kind: "except", contexts: ["chessboard"] }, "chessboard")).toBe(false);
    expect(runsConsumersOf({ kind: "except", contexts: ["chessboard"] }, "catalog")).toBe(true);
  });

  it("PIN_KAFKA_CLIENT chooses the Kafka client: kafkajs by default, platformatic on request, anything else a ConfigError", () => {
    expect(loadSettings({}).kafkaClient).toBe("kafkajs");
    expect(loadSettings({ PIN_KAFKA_CLIENT: "platformatic" }).kafkaClient).toBe("platformatic");
    expect(() => loadSettings({ PIN_KAFKA_CLIENT: "rdkafka" })).toThrowError(
      new ConfigError("PIN_KAFKA_CLIENT", 'expected one of kafkajs, platformatic, got "rdkafka"'),
    );
  });

  it("dev tokens: never in production, by default only on the embedded database", () => {
    expect(devTokensEnabled(loadSettings({}), true)).toBe(true);
    expect(devTokensEnabled(loadSettings({}), false)).toBe(false);
    expect(devTokensEnabled(loadSettings({ PIN_DEV_TOKENS: "true" }), false)).toBe(true);
    expect(devTokensEnabled(loadSettings({ PIN_DEV_TOKENS: "false" }), true)).toBe(false);
    const production = loadSettings({
      NODE_ENV: "production",
      PIN_JWT_SECRET: STRONG,
      PIN_DEV_TOKENS: "true",
      PIN_EVENT_TRANSPORT: "local",
    });
    expect(devTokensEnabled(production, true)).toBe(false);
  });

  it("production requires a JWT secret", () => {
    expect(() => loadSettings({ NODE_ENV: "production" })).toThrow(/PIN_JWT_SECRET/);
    expect(
      loadSettings({ NODE_ENV: "production", PIN_JWT_SECRET: STRONG, KAFKA_BROKERS: "kafka:9092" }).jwtSecret,
    ).toBe(STRONG);
  });

  it("production requires KAFKA_BROKERS unless the local event log is chosen (decision 0550)", () => {
    const production = { NODE_ENV: "production", PIN_JWT_SECRET: STRONG };
    expect(() => loadSettings(production)).toThrowError(
      "Invalid setting KAFKA_BROKERS: required when NODE_ENV=production (or choose the PostgreSQL event log with PIN_EVENT_TRANSPORT=local)",
    );
    expect(loadSettings({ ...production, PIN_EVENT_TRANSPORT: "local" }).kafkaBrokers).toBeNull();
    expect(loadSettings({ ...production, KAFKA_BROKERS: "kafka:9092" }).eventTransport).toBe("auto");
    expect(() => loadSettings({ PIN_EVENT_TRANSPORT: "kafka" })).toThrow(
      /KAFKA_BROKERS.*PIN_EVENT_TRANSPORT=kafka/,
    );
    expect(() => loadSettings({ PIN_EVENT_TRANSPORT: "local", KAFKA_BROKERS: "kafka:9092" })).toThrow(
      /KAFKA_BROKERS: must be empty when PIN_EVENT_TRANSPORT=local/,
    );
    // Outside production the local log stays the default without a broker.
    expect(loadSettings({}).kafkaBrokers).toBeNull();
  });

  it("a CLI command needs neither the token secret nor the broker in production (decision 0552)", () => {
    const cli = loadSettings(
      { NODE_ENV: "production", DATABASE_URL: "postgres://postgres@db:5432/pin" },
      { for: "cli" },
    );
    expect(cli.jwtSecret).toBeNull();
    expect(cli.kafkaBrokers).toBeNull();
    // Values given are still checked.
    expect(() => loadSettings({ NODE_ENV: "production", PIN_JWT_SECRET: "short" }, { for: "cli" })).toThrow(
      /at least 32/,
    );
  });

  it("the development secret works only on the embedded database; elsewhere a strong secret or a JWKS URL", () => {
    const db = "postgres://postgres@127.0.0.1:5432/pin";
    expect(() => tokenKeysFor(loadSettings({ DATABASE_URL: db }), false)).toThrow(
      /PIN_JWT_SECRET.*required for the api role outside the embedded database/,
    );
    expect(tokenKeysFor(loadSettings({}), true).secret).toBe(DEV_JWT_SECRET);
    expect(() => tokenKeysFor(loadSettings({}), false)).toThrow(/PIN_JWT_SECRET/);
    expect(() => loadSettings({ DATABASE_URL: db, PIN_JWT_SECRET: DEV_JWT_SECRET })).toThrow(
      /development secret works only on the embedded database/,
    );
    expect(() => loadSettings({ NODE_ENV: "production", PIN_JWT_SECRET: DEV_JWT_SECRET })).toThrow(
      /development secret/,
    );
    expect(() => loadSettings({ DATABASE_URL: db, PIN_JWT_SECRET: "short-secret" })).toThrow(/at least 32/);
    expect(() => loadSettings({ DATABASE_URL: db, PIN_JWT_SECRET: "a".repeat(40) })).toThrow(/variety/);
    expect(loadSettings({ DATABASE_URL: db, PIN_JWT_SECRET: STRONG }).jwtSecret).toBe(STRONG);
    expect(
      loadSettings({ DATABASE_URL: db, PIN_JWT_JWKS_URL: "https://id.example.com/jwks.json" }).jwtJwksUrl,
    ).toBe("https://id.example.com/jwks.json");
    expect(loadSettings({}).jwtSecret).toBeNull(); // embedded: the development secret is allowed
  });

  it("the committed .env.example is the generated one (run `npm run env:example`)", () => {
    const committed = readFileSync(new URL("../../../.env.example", import.meta.url), "utf8");
    expect(committed).toBe(renderEnvExample());
  });

  it(".env.example lists every setting", () => {
    const text = renderEnvExample();
    for (const spec of Object.values(SETTINGS)) expect(text).toContain(`# ${spec.env}=`);
  });
});
