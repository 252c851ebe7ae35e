import pg from "pg";
import { Prisma } from "../../generated/prisma/client.js";
import { inChildSpan } from "../tracing/tracing.js";
import type { PgQueryable } from "./sql-runner.js";
import type { StatementNames } from "./statement-names.js";

/**
 * The raw-SQL quarter of Prisma's transaction client: what a repository needs when all it sends is
 * SQL. A Prisma `Tx` is one; so is rawTx over a `pg` connection (decision 0631), which a consumer
 * on the raw pg scope writes through without Prisma's per-statement path.
 */
export interface RawTx {
  $queryRaw<T = unknown>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<T>;
  $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<number>;
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

const OID = {
  int8: 20,
  numeric: 1700,
  timestamp: 1114,
  date: 1082,
  int8Array: 1016,
  numericArray: 1231,
} as const;

/**
 * Result values as Prisma's raw queries give them (the pg adapter's mapping): int8 → bigint,
 * numeric → Decimal, timestamp without time zone and date → Date in UTC. The rest is pg's own
 * parsing (int4 and floats → number, timestamptz → Date, json → value, arrays → arrays).
 */
/** pg's own parser of a type (its declared id type lists only the built-in scalar ids) */
const pgParser = pg.types.getTypeParser as (oid: number, format?: string) => (text: string) => unknown;
const asUtc = (text: string) => new Date(`${text.replace(" ", "T")}Z`);
const parsers = new Map<number, (text: string) => unknown>([
  [OID.int8, (text) => BigInt(text)],
  [OID.numeric, (text) => new Prisma.Decimal(text)],
  [OID.timestamp, asUtc],
  [OID.date, (text) => asUtc(`${text} 00:00:00`)],
  [
    OID.int8Array,
    (text) =>
      (pgParser(OID.int8Array)(text) as (string | null)[]).map((v) => (v === null ? null : BigInt(v))),
  ],
  [
    OID.numericArray,
    (text) =>
      (pgParser(OID.numericArray)(text) as (string | null)[]).map((v) =>
        v === null ? null : new Prisma.Decimal(v),
      ),
  ],
]);
const prismaTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    return parsers.get(oid) ?? pgParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** A parameter as Prisma sends it: Decimal and bigint as their text, Date as its instant. */
function param(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.map(param);
  if (Prisma.Decimal.isDecimal(value)) return (value as Prisma.Decimal).toString();
  if (value instanceof Uint8Array && !Buffer.isBuffer(value)) return Buffer.from(value);
  return value;
}

/** The statement's span: its text (our SQL with placeholders, never a value), bounded. */
const DB_SPAN = "pg.query";
const MAX_SPAN_TEXT = 2_000;
const spanOptions = (text: string) => ({
  kind: "client" as const,
  attributes: { "db.system.name": "postgresql", "db.query.text": text.slice(0, MAX_SPAN_TEXT) },
});

function sqlOf(query: TemplateStringsArray | Prisma.Sql, values: readonly unknown[]): Prisma.Sql {
  return query instanceof Prisma.Sql ? query : Prisma.sql(query, ...values);
}

/**
 * Prisma's raw API over one `pg` connection (decision 0631): the same SQL, the same parameter
 * and result types, errors as pg reports them (the consumer runtime classifies both). Statements
 * are named (prepared once per connection) with `names`, the pool's shared name map, where the
 * pool prepares statements.
 */
export function rawTx(db: PgQueryable, names: StatementNames | null): RawTx {
  const run = (text: string, values: readonly unknown[]) => {
    const name = names?.nameOf(text, values.length) ?? "";
    const send = () =>
      db.query({
        ...(name ? { name } : {}),
        text,
        values: values.map(param),
        types: prismaTypes,
      });
    // A client span per statement inside a traced batch, as Prisma's own (no cost untraced).
    return inChildSpan(
      () => DB_SPAN,
      () => spanOptions(text),
      send,
    );
  };
  return {
    async $queryRaw<T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) {
      const sql = sqlOf(query, values);
      return (await run(sql.text, sql.values)).rows as T;
    },
    async $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) {
      const sql = sqlOf(query, values);
      return (await run(sql.text, sql.values)).rowCount ?? 0;
    },
    async $queryRawUnsafe<T>(query: string, ...values: unknown[]) {
      return (await run(query, values)).rows as T;
    },
    async $executeRawUnsafe(query: string, ...values: unknown[]) {
      return (await run(query, values)).rowCount ?? 0;
    },
  };
}
