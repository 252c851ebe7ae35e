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
