import pg from "pg";

/** A service URL from the environment (`npm run bench` loads .infra/services.env). */
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

/** Benchmarks sign their own tokens with this secret and lift the per-caller rate limits (one caller drives all the load). */
export const BENCH_JWT_SECRET = "pin-bench-secret-0123456789-abcdefghijklmnop";
export const BENCH_API_ENV = {
  PIN_JWT_SECRET: BENCH_JWT_SECRET,
  PIN_RATE_LIMIT_ANONYMOUS_PER_MINUTE: "100000000",
  PIN_RATE_LIMIT_USER_PER_MINUTE: "100000000",
  PIN_RATE_LIMIT_ADDRESS_PER_MINUTE: "100000000",
} as const;
