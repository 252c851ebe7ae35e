// `npm run docs:reference`: the rendered references (issue #44), static HTML with no CDN, into
// .reference/ (served by the dev server at /reference/): graphql.html from schema/schema.graphql
// by SpectaQL, events.html from schema/asyncapi.json by AsyncAPI's React component (its standalone
// bundle and stylesheet copied beside the page). Checks what it wrote: every GraphQL type and every
// AsyncAPI channel is in its page, and no page loads anything from another host.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");
const OUT = join(ROOT, ".reference");
const require = createRequire(join(ROOT, "package.json"));

function renderGraphql() {
  const work = join(OUT, ".spectaql");
  mkdirSync(work, { recursive: true });
  const config = join(work, "spectaql.yml");
  writeFileSync(
    config,
    [
      "spectaql:",
      `  targetDir: ${JSON.stringify(work)}`,
      "  oneFile: true",
      "introspection:",
      `  schemaFile: ${JSON.stringify(join(ROOT, "schema/schema.graphql"))}`,
      "info:",
      "  title: PIN GraphQL API",
      "  description: The PIN sales platform's GraphQL API — bookings, deals, the live chessboard, the storefront, the funnel, chats and notifications. Generated from schema/schema.graphql.",
      "servers:",
      "  - url: http://127.0.0.1:4000/graphql",
      "    description: npm start (embedded defaults)",
      "",
    ].join("\n"),
  );
  const cli = join(dirname(require.resolve("spectaql/package.json")), "bin/spectaql.js");
  // SpectaQL's Sass prints deprecation notices on stderr: shown only when it fails.
  execFileSync(process.execPath, [cli, config], { stdio: ["ignore", "pipe", "pipe"] });
  copyFileSync(join(work, "index.html"), join(OUT, "graphql.html"));
  rmSync(work, { recursive: true, force: true });
  const page = readFileSync(join(OUT, "graphql.html"), "utf8");
  const types = [
    ...readFileSync(join(ROOT, "schema/schema.graphql"), "utf8").matchAll(
      /^(?:type|input|enum|union|interface|scalar) (\w+)/gm,
    ),
  ].map((m) => m[1]);
  const missing = types.filter((t) => !page.includes(t));
  if (missing.length > 0)
    throw new Error(`graphql.html lacks ${missing.length} types: ${missing.slice(0, 5).join(", ")}`);
  return types.length;
}

function renderEvents() {
  const pkg = dirname(require.resolve("@asyncapi/react-component/package.json"));
  copyFileSync(join(pkg, "browser/standalone/index.js"), join(OUT, "asyncapi-standalone.js"));
  copyFileSync(join(pkg, "styles/default.min.css"), join(OUT, "asyncapi.css"));
  const doc = JSON.parse(readFileSync(join(ROOT, "schema/asyncapi.json"), "utf8"));
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>PIN events — AsyncAPI reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="asyncapi.css"></head>
<body><div id="asyncapi"></div>
<script src="asyncapi-standalone.js"></script>
<script>
AsyncApiStandalone.render({ schema: ${JSON.stringify(doc).replace(/</g, "\\u003c")},
  config: { show: { sidebar: true, errors: true } } }, document.getElementById("asyncapi"));
</script></body></html>
`;
  writeFileSync(join(OUT, "events.html"), html);
  return Object.keys(doc.channels ?? {}).length;
}

function assertNoCdn() {
  for (const page of ["graphql.html", "events.html"]) {
    const text = readFileSync(join(OUT, page), "utf8");
    const external = text.match(/<(?:script|link|img)[^>]+(?:src|href)=["']https?:\/\/[^"']+/i);
    if (external) throw new Error(`${page} loads from another host: ${external[0]}`);
  }
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const types = renderGraphql();
const channels = renderEvents();
assertNoCdn();
console.log(
  `[docs:reference] .reference/graphql.html (${types} types), .reference/events.html (${channels} channels)`,
);
