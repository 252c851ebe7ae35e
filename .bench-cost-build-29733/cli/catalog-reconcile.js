import { flagNumber, flagOn } from "./args.js";
import { defineCommand, EXIT_OK } from "./command.js";
import { CATALOG_RECONCILE } from "./specs.js";
const EXIT_DRIFT = 1;
const command = defineCommand(CATALOG_RECONCILE, async (args, deps, out) => {
  const limit = flagNumber(args, "limit") ?? 1e3;
  const idsOnly = flagOn(args, "ids-only");
  const rows = await deps.db.$queryRaw`
    (SELECT 'project' AS card, c.id::text, c.chessboard_version AS card_version, p.version AS source_version,
            c.status, c.chessboard_synced_at AS synced_at
     FROM catalog.project_cards c LEFT JOIN chessboard.projects p ON p.id = c.id
     WHERE p.id IS NULL OR p.version <> c.chessboard_version)
    UNION ALL
    (SELECT 'property_object', c.id::text, c.chessboard_version, o.version, c.status, c.chessboard_synced_at
     FROM catalog.property_object_cards c LEFT JOIN chessboard.property_objects o ON o.id = c.id
     WHERE o.id IS NULL OR o.version <> c.chessboard_version)
    ORDER BY card, id
    LIMIT ${limit}`;
  if (rows.length === 0) {
    if (!idsOnly) out.note("catalog cards are in step with chessboard");
    return EXIT_OK;
  }
  for (const r of rows) {
    const card = Number(r.card_version);
    const verdict = r.source_version === null ? "missing-in-chessboard" : card < r.source_version ? "behind" : "ahead";
    const data = {
      card: r.card,
      id: r.id,
      verdict,
      cardVersion: card,
      chessboardVersion: r.source_version,
      status: r.status,
      syncedAt: r.synced_at.toISOString()
    };
    const human = idsOnly ? r.id : [
      r.card,
      r.id,
      verdict,
      `card=${card}`,
      `chessboard=${r.source_version ?? "-"}`,
      `status=${r.status}`,
      `synced=${data.syncedAt}`
    ].join("  ");
    out.item(human, data);
  }
  if (!idsOnly)
    out.note(`${rows.length} card(s) out of step${rows.length === limit ? " (limit reached)" : ""}`);
  return EXIT_DRIFT;
});
export {
  command
};
//# sourceMappingURL=catalog-reconcile.js.map
