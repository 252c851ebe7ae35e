import { devstatsErrors } from "../../../domain/devstats/devstats.errors.js";
function devstatsOf(ctx) {
  const devstats = ctx.deps.services.devstats;
  if (!devstats)
    throw devstatsErrors.unavailable("no CLICKHOUSE_URL and the embedded chdb engine is not installed");
  return devstats;
}
export {
  devstatsOf
};
//# sourceMappingURL=devstats-context.js.map
