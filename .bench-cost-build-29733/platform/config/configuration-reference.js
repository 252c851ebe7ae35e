import { DEFAULT_OPS_HOST, DEFAULT_OPS_PORT } from "./ops-listener.js";
import { PRODUCTION_REQUIREMENTS } from "./production-requirements.js";
import { SETTINGS } from "./settings.js";
const DEFAULT_NOTES = {
  PIN_OPS_PORT: `${DEFAULT_OPS_PORT} in production; off elsewhere`,
  PIN_OPS_HOST: DEFAULT_OPS_HOST
};
const INTRO = `# Configuration reference

Generated from \`src/platform/config/settings.ts\` by \`npm run config:docs\`; CI fails when it is
stale (\`npm run config:check\`). Do not edit by hand. \`.env.example\` is generated from the same
definitions (\`npm run env:example\`). An unknown \`PIN_*\` variable or an invalid value stops the
start with one line naming the setting (exit code 2).

## Where the process listens

| listener | port | bind address | serves |
| --- | --- | --- | --- |
| api | \`PORT\` (4000) | \`HOST\`: 127.0.0.1 by default (\`npm start\`: only this machine reaches it); the container image sets 0.0.0.0 | GraphQL at /graphql, /healthz, /readyz (and /metrics when the operations listener is off) |
| operations (every role: api, consumers, workers) | \`PIN_OPS_PORT\`: ${DEFAULT_OPS_PORT} in production, off elsewhere unless set | \`PIN_OPS_HOST\`: ${DEFAULT_OPS_HOST} by default; the container image sets 0.0.0.0 | /healthz, /readyz, /metrics |

/readyz answers 200 \`{"status":"ready"}\`, 503 \`{"status":"not ready","checks":{\u2026}}\` naming
what is missing, or 200 \`{"status":"degraded","degraded":{"analytics":"\u2026"}}\` when the analytics
engine was wanted but is absent (decision 0551). \`PIN_METRICS_PORT\` and \`PIN_METRICS_HOST\` are
deprecated aliases of \`PIN_OPS_PORT\` and \`PIN_OPS_HOST\` (decision 0549).

## Production

\`NODE_ENV=production\` refuses to start without the settings marked *required* below: one line
names the missing one. \`npm run cli:prod -- <command>\` (\`migrate\` included) needs only
\`DATABASE_URL\` (decision 0552).

## Settings
`;
function cell(text) {
  return text.replaceAll("|", "\\|").replaceAll("\n", " ");
}
function defaultOf(spec) {
  const note = DEFAULT_NOTES[spec.env];
  if (note) return note;
  if (!spec.doc) return spec.example === "" ? "\u2014" : `e.g. \`${spec.example}\``;
  return spec.doc.default === null || spec.doc.default === "" ? "empty" : `\`${spec.doc.default}\``;
}
function productionOf(env) {
  const requirement = PRODUCTION_REQUIREMENTS[env];
  return requirement ? `required unless ${requirement.unless}` : "";
}
function renderConfigurationReference(settings = SETTINGS) {
  const rows = [
    "| variable | default | allowed values | production | description |",
    "| --- | --- | --- | --- | --- |"
  ];
  const written = /* @__PURE__ */ new Set();
  for (const spec of Object.values(settings)) {
    if (written.has(spec.env)) continue;
    written.add(spec.env);
    const allowed = spec.doc?.allowed ?? "see description";
    rows.push(
      `| \`${spec.env}\` | ${cell(defaultOf(spec))} | ${cell(allowed)} | ${cell(productionOf(spec.env))} | ${cell(spec.description)} |`
    );
  }
  return `${INTRO}
${rows.join("\n")}
`;
}
export {
  renderConfigurationReference
};
//# sourceMappingURL=configuration-reference.js.map
