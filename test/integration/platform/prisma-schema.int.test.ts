import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMigratedDatabase, type MigratedDatabase } from "../../support/db.js";
import { requireService } from "../../support/services.js";

await requireService("postgres");

interface RuntimeField {
  name: string;
  kind: string;
  dbName?: string;
}
interface RuntimeModel {
  dbName: string | null;
  schema: string | null;
  fields: RuntimeField[];
}

/** Prisma keeps the data model it was generated from on the client; we compare it to the SQL. */
function dataModelOf(prisma: unknown): Record<string, RuntimeModel> {
  const model = (prisma as { _runtimeDataModel?: { models: Record<string, RuntimeModel> } })
    ._runtimeDataModel;
  if (!model) throw new Error("Prisma runtime data model not found on the client");
  return model.models;
}

describe("Prisma models and hand-written SQL migrations stay in step", () => {
  let db: MigratedDatabase;
  beforeAll(async () => {
    db = await createMigratedDatabase("prisma_schema");
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("Prisma round trip over the pg driver adapter", async () => {
    const rows = await db.prisma.$queryRaw<Array<{ answer: number }>>`SELECT 42::int AS answer`;
    expect(rows).toEqual([{ answer: 42 }]);
    const value = "round-trip";
    const echoed = await db.prisma.$transaction(
      async (tx) => tx.$queryRaw<Array<{ v: string }>>`SELECT ${value}::text AS v`,
    );
    expect(echoed).toEqual([{ v: "round-trip" }]);
  });

  it("every Prisma model has its table and every scalar field its column", async () => {
    const columns = await db.prisma.$queryRaw<
      Array<{ table_schema: string; table_name: string; column_name: string }>
    >`
      SELECT table_schema, table_name, column_name FROM information_schema.columns
      WHERE table_schema IN ('platform', 'crm', 'chessboard', 'catalog', 'messenger', 'notifications')`;
    const present = new Set(columns.map((c) => `${c.table_schema}.${c.table_name}.${c.column_name}`));
    const missing: string[] = [];
    const models = Object.entries(dataModelOf(db.prisma));
    expect(models.length).toBeGreaterThan(0);
    for (const [name, model] of models) {
      const table = `${model.schema ?? "public"}.${model.dbName ?? name}`;
      for (const field of model.fields.filter((f) => f.kind === "scalar" || f.kind === "enum")) {
        const column = `${table}.${field.dbName ?? field.name}`;
        if (!present.has(column)) missing.push(`${name}.${field.name} → ${column}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
