import { randomUUID } from "node:crypto";
import http from "node:http";
import pg from "pg";
import { loadSettings } from "../src/platform/config/settings.js";

/** A service URL from the environment (`npm run bench` loads .infra/services.env). */
/**
 * The Kafka client of the benchmarks' event platforms: PIN_KAFKA_CLIENT as the product reads it
 * (kafkajs when unset); `PIN_KAFKA_CLIENT=platformatic npm run bench events` measures the other one
 * (decision 0430). Bare-client baselines are not affected.
 */
export const BENCH_KAFKA_CLIENT = loadSettings({
  NODE_ENV: "test",
  PIN_KAFKA_CLIENT: process.env.PIN_KAFKA_CLIENT,
}).kafkaClient;

export function need(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run npm run infra:up`);
  return value;
}

/** Runs `fn` on a short-lived admin connection (TEST_DATABASE_URL), e.g. to create a bench database. */
export async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: need("TEST_DATABASE_URL") });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh database for one benchmark run, named after `prefix`; drop() removes it. */
export async function createBenchDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomUUID().slice(0, 6)}`;
  await withAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(need("TEST_DATABASE_URL"));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
/**
 * PIN_* settings to try on a bench's role processes, from `variable` in the bench's environment:
 * `NAME=value,NAME=value` (e.g. BENCH_COST_ENV="PIN_CONSUMER_FLUSH_MS=500"); the bench's own
 * variables stay the bench's.
 */
export function pinEnvOverrides(variable: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (process.env[variable] ?? "").split(",").filter((p) => p.trim() !== "")) {
    const at = pair.indexOf("=");
    const name = pair.slice(0, at).trim();
    if (at < 1 || !name.startsWith("PIN_"))
      throw new Error(`${variable}: expected PIN_NAME=value, got "${pair}"`);
    out[name] = pair.slice(at + 1).trim();
  }
  return out;
}

/** Benchmarks sign their own tokens with this secret and lift the per-caller rate limits (one caller drives all the load). */
export const BENCH_JWT_SECRET = "pin-bench-secret-0123456789-abcdefghijklmnop";
export const BENCH_API_ENV = {
  PIN_JWT_SECRET: BENCH_JWT_SECRET,
  PIN_RATE_LIMIT_ANONYMOUS_PER_MINUTE: "100000000",
  PIN_RATE_LIMIT_USER_PER_MINUTE: "100000000",
  PIN_RATE_LIMIT_ADDRESS_PER_MINUTE: "100000000",
  PIN_STOREFRONT_COST_ANONYMOUS_PER_MINUTE: "100000000",
  PIN_STOREFRONT_COST_USER_PER_MINUTE: "100000000",
  PIN_STOREFRONT_IN_FLIGHT_ANONYMOUS: "1000",
  PIN_STOREFRONT_IN_FLIGHT_USER: "1000",
  PIN_STOREFRONT_HEAVY_AT_ONCE: "64",
} as const;

/** `fn` on one pooled connection between BEGIN and COMMIT (ROLLBACK when it throws). */
export async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await fn(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 4 });

/**
 * POST a JSON body and parse the JSON answer over node:http with a keep-alive agent — a load
 * generator's client, as wrk or autocannon are. The bench runs its client in the server's process,
 * so a heavy client (fetch: WHATWG streams, a Request clone per call) would bill its own CPU to
 * the server's latency (decision 0205).
 */
export function postJson<T>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  agent: http.Agent = keepAlive,
): Promise<T> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise<T>((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": payload.length, ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (c: Buffer) => chunks.push(c));
        response.on("end", () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")) as T);
          } catch (error) {
            reject(error);
          }
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}
