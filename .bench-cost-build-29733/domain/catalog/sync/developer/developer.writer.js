import { LOT_BATCH_SIZE } from "../../cards/recompute-cards.js";
async function renameDeveloperOnProjects(tx, developerId, name, logoFileId, now) {
  return tx.$executeRaw`
    UPDATE catalog.project_cards SET developer_name = ${name}, developer_logo_file_id = ${logoFileId}::uuid,
      row_version = row_version + 1, updated_at = ${now}
    WHERE developer_id = ${developerId}::uuid
      AND (developer_name, developer_logo_file_id) IS DISTINCT FROM (${name}, ${logoFileId}::uuid)`;
}
async function renameDeveloperOnLots(tx, developerId, name, now, onBatch) {
  let after = "00000000-0000-0000-0000-000000000000";
  let total = 0;
  for (; ; ) {
    const [row] = await tx.$queryRaw`
      WITH batch AS (
        SELECT id FROM catalog.property_object_cards
        WHERE developer_id = ${developerId}::uuid AND id > ${after}::uuid ORDER BY id LIMIT ${LOT_BATCH_SIZE}
      ), upd AS (
        UPDATE catalog.property_object_cards l SET developer_name = ${name}, row_version = l.row_version + 1,
          updated_at = ${now}
        FROM batch b WHERE l.id = b.id AND l.developer_name IS DISTINCT FROM ${name}
        RETURNING 1
      )
      SELECT (SELECT id::text FROM batch ORDER BY id DESC LIMIT 1) AS last_id,
             (SELECT count(*) FROM batch) AS n, (SELECT count(*) FROM upd) AS changed`;
    const n = Number(row?.n ?? 0);
    total += Number(row?.changed ?? 0);
    if (n < LOT_BATCH_SIZE) break;
    after = row?.last_id;
    await onBatch();
  }
  return total;
}
export {
  renameDeveloperOnLots,
  renameDeveloperOnProjects
};
//# sourceMappingURL=developer.writer.js.map
