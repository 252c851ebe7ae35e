import type pg from "pg";
import type { Db, Tx } from "../../../db/prisma-client.js";

/**
 * Where the consumer runtime's own statements go (decision 0505): a `pg` client or pool directly
 * (no Prisma per-statement path), or, inside a Prisma interactive transaction, that transaction
 * (the dedup mark must commit with the handlers' Prisma writes). Positional parameters ($1 …).
 */
export interface SqlRunner {
  rows<R>(text: string, values: readonly unknown[]): Promise<R[]>;
  execute(text: string, values: readonly unknown[]): Promise<number>;
}

export function pgRunner(client: pg.Pool | pg.ClientBase): SqlRunner {
  return {
    async rows<R>(text: string, values: readonly unknown[]) {
      return (await client.query(text, values as unknown[])).rows as R[];
    },
    async execute(text, values) {
      return (await client.query(text, values as unknown[])).rowCount ?? 0;
    },
  };
}

export function prismaRunner(tx: Tx | Db): SqlRunner {
  return {
    rows: <R>(text: string, values: readonly unknown[]) => tx.$queryRawUnsafe<R[]>(text, ...values),
    execute: (text, values) => tx.$executeRawUnsafe(text, ...values),
  };
}
