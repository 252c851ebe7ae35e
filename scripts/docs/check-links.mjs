// `npm run docs:links`: every relative link of every Markdown file of the repository (README.md,
// docs/**) resolves to a file, and every `docs/…` path named in code, rules and scripts exists.
// Plain Node, no dependencies: it runs before anything is built.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");
const SKIP = new Set(["node_modules", ".git", ".infra", "dist", ".data", "coverage", "src/generated"]);
const CODE = /\.(ts|mjs|cjs|js|yml|yaml|sh|graphql|json)$/;

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (SKIP.has(relative(ROOT, path)) || name.startsWith(".bench") || name.startsWith(".faults")) continue;
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

const broken = [];
for (const file of walk(ROOT)) {
  const rel = relative(ROOT, file);
  const text = readFileSync(file, "utf8");
  if (file.endsWith(".md")) {
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1].split("#")[0];
      if (!target || /^[a-z]+:/i.test(m[1])) continue;
      if (!existsSync(resolve(dirname(file), target))) broken.push(`${rel}: link ${m[1]}`);
    }
  } else if (CODE.test(file) && !rel.startsWith("scripts/docs/")) {
    for (const m of text.matchAll(/\bdocs\/[A-Za-z0-9_./-]+\.md\b/g)) {
      if (!existsSync(join(ROOT, m[0]))) broken.push(`${rel}: names ${m[0]}`);
    }
  }
}
if (broken.length > 0) {
  console.error(`[docs:links] ${broken.length} broken:\n  ${broken.join("\n  ")}`);
  process.exit(1);
}
console.log("[docs:links] every relative link and docs/ path resolves");
