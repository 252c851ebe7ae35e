import { Prisma } from "../../../generated/prisma/client.js";
function entries(t) {
  return Object.entries(t.changeable);
}
const raw = (text) => Prisma.raw(text);
function versionedUpdate(t, previousVersion, next, now) {
  const sets = entries(t).map(
    ([key, c]) => Prisma.sql`${raw(c.column)} = ${next[key]}::${raw(c.type)}`
  );
  return Prisma.sql`
    UPDATE ${raw(t.table)}
       SET ${Prisma.join(sets)}, updated_at = ${now}, version = ${next.version}
     WHERE id = ${next.id}::uuid AND version = ${previousVersion}
    RETURNING id`;
}
function versionedUpdateMany(t, changes, now) {
  const columns = entries(t);
  const rows = changes.map(({ previousVersion, next }) => ({
    id: next.id,
    previous_version: previousVersion,
    version: next.version,
    ...Object.fromEntries(columns.map(([key, c]) => [c.column, next[key]]))
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
function changeableInsert(t, row) {
  const columns = entries(t);
  return {
    columns: raw(columns.map(([, c]) => c.column).join(", ")),
    values: Prisma.join(columns.map(([key, c]) => Prisma.sql`${row[key]}::${raw(c.type)}`))
  };
}
function changeableSelect(t, alias) {
  return raw(
    entries(t).map(([key, c]) => `${alias}.${c.column} AS "${String(key)}"`).join(", ")
  );
}
export {
  changeableInsert,
  changeableSelect,
  versionedUpdate,
  versionedUpdateMany
};
//# sourceMappingURL=versioned-columns.js.map
