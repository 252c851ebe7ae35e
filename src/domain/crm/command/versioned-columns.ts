import { Prisma } from "../../../generated/prisma/client.js";

/** The SQL types a changeable column may have (each a cast in the single write, a record type in the batch). */
export type ColumnType = "text" | "uuid" | "int" | "boolean" | "timestamptz";

/** One changeable column: its name in the table and its SQL type. */
export interface ColumnSpec {
  readonly column: string;
  readonly type: ColumnType;
}

/**
 * An aggregate's versioned table: the columns a decision may change, described ONCE and keyed by
 * the aggregate's property. The single write (`versionedUpdate`), the batch write
 * (`versionedUpdateMany`) and the INSERT's share of them (`changeableInsert`) are derived from it;
 * `updated_at` and the `version` guard are the same for every table.
 */
export interface VersionedTable<T extends { readonly id: string; readonly version: number }> {
  /** schema-qualified table name (a constant, never input) */
  readonly table: string;
  readonly changeable: { readonly [K in keyof T]?: ColumnSpec };
}

/** A versioned write: the next state and the version it was decided on. */
export interface VersionedChange<T> {
  readonly previousVersion: number;
  readonly next: T;
}

type Versioned = { readonly id: string; readonly version: number };

function entries<T extends Versioned>(t: VersionedTable<T>): Array<[keyof T, ColumnSpec]> {
  return Object.entries(t.changeable) as Array<[keyof T, ColumnSpec]>;
}

const raw = (text: string) => Prisma.raw(text);

/** The version-guarded UPDATE of one row (RETURNING id): exactly one writer of version N wins. */
export function versionedUpdate<T extends Versioned>(
  t: VersionedTable<T>,
  previousVersion: number,
  next: T,
  now: Date,
): Prisma.Sql {
  const sets = entries(t).map(
    ([key, c]) => Prisma.sql`${raw(c.column)} = ${next[key] as unknown}::${raw(c.type)}`,
  );
  return Prisma.sql`
    UPDATE ${raw(t.table)}
       SET ${Prisma.join(sets)}, updated_at = ${now}, version = ${next.version}
     WHERE id = ${next.id}::uuid AND version = ${previousVersion}
    RETURNING id`;
}

/**
 * The same UPDATE for many rows in one statement (a JSON record set), each row guarded by the
 * version it was decided on (RETURNING id: the caller compares the count).
 */
export function versionedUpdateMany<T extends Versioned>(
  t: VersionedTable<T>,
  changes: readonly VersionedChange<T>[],
  now: Date,
): Prisma.Sql {
  const columns = entries(t);
  const rows = changes.map(({ previousVersion, next }) => ({
    id: next.id,
    previous_version: previousVersion,
    version: next.version,
    ...Object.fromEntries(columns.map(([key, c]) => [c.column, next[key]])),
  }));
  const sets = columns.map(([, c]) => `${c.column} = v.${c.column}`).join(", ");
  const record = columns.map(([, c]) => `${c.column} ${c.type}`).join(", ");
  return Prisma.sql`
    UPDATE ${raw(t.table)} t
       SET ${raw(sets)}, updated_at = ${now}, version = v.version
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS v(id uuid, previous_version int, ${raw(record)}, version int)
     WHERE t.id = v.id AND t.version = v.previous_version
    RETURNING t.id`;
}

/** The changeable columns' names and cast values, for an INSERT that writes them with the rest. */
export function changeableInsert<T extends Versioned>(
  t: VersionedTable<T>,
  row: T,
): { readonly columns: Prisma.Sql; readonly values: Prisma.Sql } {
  const columns = entries(t);
  return {
    columns: raw(columns.map(([, c]) => c.column).join(", ")),
    values: Prisma.join(columns.map(([key, c]) => Prisma.sql`${row[key] as unknown}::${raw(c.type)}`)),
  };
}

/** The changeable columns read back under the aggregate's property names (`alias.column AS "key"`). */
export function changeableSelect<T extends Versioned>(t: VersionedTable<T>, alias: string): Prisma.Sql {
  return raw(
    entries(t)
      .map(([key, c]) => `${alias}.${c.column} AS "${String(key)}"`)
      .join(", "),
  );
}
