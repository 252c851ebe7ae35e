import type { Db } from "../../../db/prisma-client.js";

export interface Backlog {
  readonly unpublished: number;
  readonly oldest: Date | null;
}

/** How many rows wait to be published and when the oldest of them was written. */
export async function backlog(db: Db): Promise<Backlog> {
  const rows = await db.$queryRaw<Array<{ n: bigint; oldest: Date | null }>>`
    SELECT count(*) AS n, min(created_at) AS oldest FROM platform.outbox WHERE published_at IS NULL`;
  return { unpublished: Number(rows[0]?.n ?? 0), oldest: rows[0]?.oldest ?? null };
}
