/**
 * Named (prepared) statements for the Prisma adapter (decision 0628): one name per distinct SQL
 * text, so each pooled connection parses a statement once and sends only Bind/Execute afterwards.
 * Bounded: texts with many parameters or very long ones (variable IN lists, bulk inserts) stay
 * unnamed, and past MAX_NAMES distinct texts every new one does, so neither this map nor a
 * connection's prepared statements grow without end.
 */
const MAX_NAMES = 2_000;
const MAX_ARGS = 100;
const MAX_TEXT = 20_000;

/** The unnamed statement (pg sends Parse each time for a falsy name) */
const UNNAMED = "";

export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(private readonly prefix: string) {}

  /** The statement's name, or "" for the unnamed statement. */
  nameOf(sql: string, argCount: number): string {
    if (argCount > MAX_ARGS || sql.length > MAX_TEXT) return UNNAMED;
    const known = this.names.get(sql);
    if (known !== undefined) return known;
    if (this.names.size >= MAX_NAMES) return UNNAMED;
    const name = `${this.prefix}${this.names.size}`;
    this.names.set(sql, name);
    return name;
  }

  get size(): number {
    return this.names.size;
  }
}
