import { COMMON_FLAGS } from "./args.js";
const INDENT = "  ";
function commandHelp(spec) {
  const usage = [`cli ${spec.name}`, spec.positionals, "[flags]"].filter(Boolean).join(" ");
  const flags = Object.entries({ ...spec.flags, ...COMMON_FLAGS }).map(([name, f]) => flagLine(name, f));
  return [`${spec.summary}`, "", `usage: ${usage}`, "", "flags:", ...flags, "", spec.description, ""].join(
    "\n"
  );
}
function overviewHelp(specs) {
  const width = Math.max(...specs.map((s) => s.name.length)) + 2;
  return [
    "PIN operations CLI",
    "",
    "usage: npm run cli -- <command> [flags]      (production build: npm run cli:prod -- <command>)",
    "",
    "commands:",
    ...specs.map((s) => `${INDENT}${s.name.padEnd(width)}${s.summary}`),
    "",
    "Every command takes --help (no database needed) and --json (one JSON object per line).",
    "Exit codes: 0 done, 1 the command found a problem (drift, disagreement), 2 bad usage.",
    ""
  ].join("\n");
}
function flagLine(name, f) {
  const value = f.type === "boolean" ? "" : ` <${f.value}>`;
  const bounds = f.type === "integer" ? ` (${f.min}..${f.max}${f.default === void 0 ? "" : `, default ${f.default}`})` : f.type === "list" ? ` (comma-separated, at most ${f.max})` : "";
  const head = `${INDENT}--${name}${value}`;
  return `${head.padEnd(34)}${f.description}${bounds}`;
}
export {
  commandHelp,
  overviewHelp
};
//# sourceMappingURL=help.js.map
