import { flagString, outputOf, parseFlags } from "../platform/events/admin/parse-flags.js";
import type { CliCommand } from "./command.js";

const EXIT_OK = 0;
const EXIT_DRIFT = 1;
const EXIT_USAGE = 2;
const DEFAULT_LIMIT = 1000;
const LIMIT_MAX = 100_000;

const USAGE = `catalog-reconcile [--limit <n>] [--ids-only]

The reconciliation runbook ("сверка карточек с chessboard"): lists catalog cards whose
ChessboardVersion disagrees with the current version of their chessboard aggregate (project,
property object), and cards whose aggregate no longer exists. Exit code 0 = in step, 1 = drift found.

A card behind chessboard missed an event: replay the group (cli replay) or its DLQ (cli dlq replay).
A card ahead of chessboard means chessboard's data was restored from an older state: investigate.
--ids-only prints bare card ids (one a line), e.g. for POST /api/admin/v1/projections/rebuild.

An operations tool: it reads both the catalog and the chessboard schemas of the same database
(decision 0096); the services themselves never do.`;

interface DriftRow {
  card: "project" | "property_object";
  id: string;
  card_version: bigint;
  source_version: number | null;
  status: string;
  synced_at: Date;
}

export const command: CliCommand = {
  name: "catalog-reconcile",
  summary: "List catalog cards whose ChessboardVersion disagrees with chessboard's current version",
  usage: USAGE,
  async run(argv, deps) {
    const out = outputOf(deps);
    const { flags } = parseFlags(argv);
    const limitText = flagString(flags, "limit");
    const limit = limitText === undefined ? DEFAULT_LIMIT : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > LIMIT_MAX) {
      out(`--limit must be an integer in 1..${LIMIT_MAX}`);
      return EXIT_USAGE;
    }
    const rows = await deps.db.$queryRaw<DriftRow[]>`
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
      if (!flags.has("ids-only")) out("catalog cards are in step with chessboard");
      return EXIT_OK;
    }
    for (const r of rows) {
      if (flags.has("ids-only")) {
        out(r.id);
        continue;
      }
      const card = Number(r.card_version);
      const verdict =
        r.source_version === null ? "missing-in-chessboard" : card < r.source_version ? "behind" : "ahead";
      out(
        [
          r.card,
          r.id,
          verdict,
          `card=${card}`,
          `chessboard=${r.source_version ?? "-"}`,
          `status=${r.status}`,
          `synced=${r.synced_at.toISOString()}`,
        ].join("  "),
      );
    }
    if (!flags.has("ids-only"))
      out(`${rows.length} card(s) out of step${rows.length === limit ? " (limit reached)" : ""}`);
    return EXIT_DRIFT;
  },
};
