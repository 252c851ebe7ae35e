import { listDeadLetters, replayDeadLetters } from "../platform/events/admin/dead-letters.js";
import { flagString, outputOf, parseFlags } from "../platform/events/admin/parse-flags.js";
import type { CliCommand } from "./command.js";

const EXIT_OK = 0;
const EXIT_USAGE = 2;
const DEFAULT_LIST_LIMIT = 100;

const USAGE = `dlq list   [--group <group>] [--code <ERROR_CODE>] [--all] [--limit <n>]
dlq replay [--group <group>] (--all | --id <id> | --code <ERROR_CODE>)

Dead letters are kept in platform.dead_letters (and copied to the group's DLQ topic).
replay hands them back to their own consumer group, which runs them through the normal
path (dedup, handler, retry policy) on either transport; it does not touch other groups.`;

export const command: CliCommand = {
  name: "dlq",
  summary: "List dead-lettered messages with their reason; replay them (all / by id / by error code)",
  usage: USAGE,
  async run(argv, deps) {
    const out = outputOf(deps);
    const {
      _: [sub],
      flags,
    } = parseFlags(argv);
    const group = flagString(flags, "group");
    const errorCode = flagString(flags, "code");
    const idText = flagString(flags, "id");
    if (idText !== undefined && !/^\d+$/.test(idText)) {
      out(`--id must be a number, got "${idText}"`);
      return EXIT_USAGE;
    }
    const id = idText === undefined ? undefined : BigInt(idText);
    if (sub === "list") {
      const limit = Number(flagString(flags, "limit") ?? DEFAULT_LIST_LIMIT);
      const rows = await listDeadLetters(
        deps.db,
        { group, errorCode, id, includeReplayed: flags.has("all") },
        limit,
      );
      if (rows.length === 0) out("no dead letters");
      for (const r of rows) {
        out(
          [
            `#${r.id}`,
            r.group_id,
            `${r.topic}[${r.partition}]@${r.offset}`,
            `key=${r.key}`,
            `code=${r.error_code}`,
            `attempts=${r.attempts}`,
            `failed=${r.failed_at.toISOString()}`,
            r.replayed_at ? `replayed=${r.replayed_at.toISOString()}` : "open",
            `reason=${r.reason}`,
          ].join("  "),
        );
      }
      return EXIT_OK;
    }
    if (sub === "replay") {
      if (!flags.has("all") && id === undefined && errorCode === undefined) {
        out("replay needs --all, --id <id> or --code <ERROR_CODE>\n");
        out(USAGE);
        return EXIT_USAGE;
      }
      const n = await replayDeadLetters(deps.db, deps.clock, { group, id, errorCode });
      out(`replayed ${n} dead letter(s); their consumer groups pick them up within a poll interval`);
      deps.log.info({ group, id: idText, errorCode, replayed: n }, "dlq replay");
      return EXIT_OK;
    }
    out(USAGE);
    return EXIT_USAGE;
  },
};
