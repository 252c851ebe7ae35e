import { listDeadLetters, replayDeadLetters } from "../platform/events/admin/dead-letters.js";
import { flagNumber, flagOn, flagText } from "./args.js";
import { defineCommand, EXIT_OK, EXIT_USAGE } from "./command.js";
import { DLQ } from "./specs.js";
const command = defineCommand(DLQ, async (args, deps, out) => {
  const [sub, ...extra] = args.positionals;
  const group = flagText(args, "group");
  const errorCode = flagText(args, "code");
  const idText = flagText(args, "id");
  const id = idText === void 0 ? void 0 : BigInt(idText);
  if (extra.length > 0 || sub !== "list" && sub !== "replay") {
    out.progress("dlq: expected `list` or `replay` (see: cli dlq --help)");
    return EXIT_USAGE;
  }
  if (sub === "list") {
    const limit = flagNumber(args, "limit") ?? 100;
    const rows = await listDeadLetters(
      deps.db,
      { group, errorCode, id, includeReplayed: flagOn(args, "all") },
      limit
    );
    if (rows.length === 0) out.note("no dead letters");
    for (const r of rows) {
      const human = [
        `#${r.id}`,
        r.group_id,
        `${r.topic}[${r.partition}]@${r.offset}`,
        `key=${r.key}`,
        `code=${r.error_code}`,
        `attempts=${r.attempts}`,
        `failed=${r.failed_at.toISOString()}`,
        r.replayed_at ? `replayed=${r.replayed_at.toISOString()}` : "open",
        `reason=${r.reason}`
      ].join("  ");
      out.item(human, {
        id: r.id,
        group: r.group_id,
        topic: r.topic,
        partition: r.partition,
        offset: r.offset,
        key: r.key,
        errorCode: r.error_code,
        attempts: r.attempts,
        failedAt: r.failed_at.toISOString(),
        replayedAt: r.replayed_at?.toISOString() ?? null,
        reason: r.reason
      });
    }
    return EXIT_OK;
  }
  if (!flagOn(args, "all") && id === void 0 && errorCode === void 0) {
    out.progress("dlq replay: needs --all, --id <id> or --code <ERROR_CODE> (see: cli dlq --help)");
    return EXIT_USAGE;
  }
  const n = await replayDeadLetters(deps.db, deps.clock, { group, id, errorCode });
  out.item(`replayed ${n} dead letter(s); their consumer groups pick them up within a poll interval`, {
    replayed: n
  });
  deps.log.info({ group, id: idText, errorCode, replayed: n }, "dlq replay");
  return EXIT_OK;
});
export {
  command
};
//# sourceMappingURL=dlq.js.map
