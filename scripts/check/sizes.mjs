#!/usr/bin/env node
// The house limits (no file over 300 lines, no function over 100) held by CI for the folders named
// in CHECKED (issue #41): every offender is listed as `path:line  what  lines`, and the check fails
// unless the offender is on ALLOWED. A folder enters CHECKED with its allow-list empty or with the
// offenders it still has; each one leaves the allow-list once it is split. Functions are measured
// with the TypeScript compiler (every function, method, accessor and arrow function: its first to
// its last line). `node scripts/check/sizes.mjs [--all]`: --all lists the offenders of all of src/
// without failing (planning the next folder).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 100;
/** Folders held to the limits */
const CHECKED = ["src/platform/events"];
/** Offenders tolerated for now, as `path` (a file) or `path:function` (a function); empty for events */
const ALLOWED = new Set([]);

const root = new URL("../..", import.meta.url).pathname;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|mts|tsx)$/.test(name) && !name.endsWith(".d.ts")) yield path;
  }
}

function nameOf(node, source) {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(source);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  if (parent && ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(source);
    const first = parent.arguments[0];
    return first && ts.isStringLiteralLike(first)
      ? `${callee}(${JSON.stringify(first.text)})`
      : `${callee}(…)`;
  }
  return "(anonymous)";
}

/** Offenders of one file: its own length, then each function over the limit. */
function offendersOf(path) {
  const text = readFileSync(path, "utf8");
  const file = relative(root, path);
  const out = [];
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  if (lines > MAX_FILE_LINES)
    out.push({ key: file, at: `${file}:1`, what: "file", lines, max: MAX_FILE_LINES });
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const length = end - start + 1;
      if (length > MAX_FUNCTION_LINES) {
        const name = nameOf(node, source);
        out.push({
          key: `${file}:${name}`,
          at: `${file}:${start + 1}`,
          what: `function ${name}`,
          lines: length,
          max: MAX_FUNCTION_LINES,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const all = process.argv.includes("--all");
const folders = all ? ["src"] : CHECKED;
const offenders = folders.flatMap((folder) => [...sourceFiles(join(root, folder))].flatMap(offendersOf));
const failing = offenders.filter((o) => !ALLOWED.has(o.key));
for (const o of offenders)
  console.log(
    `${o.at}  ${o.what}  ${o.lines} lines (max ${o.max})${ALLOWED.has(o.key) ? "  [allowed]" : ""}`,
  );
if (all) process.exit(0);
const stale = [...ALLOWED].filter((key) => !offenders.some((o) => o.key === key));
for (const key of stale) console.log(`${key}  on the allow-list but within the limits now: take it off`);
if (failing.length > 0 || stale.length > 0) {
  console.error(
    `sizes: ${failing.length} offender(s) in ${CHECKED.join(", ")} (files ≤ ${MAX_FILE_LINES} lines, functions ≤ ${MAX_FUNCTION_LINES})`,
  );
  process.exit(1);
}
