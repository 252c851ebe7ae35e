// Runs before `npm start`, `npm test` and the CLI load tsx or vitest (issue #40): on an older Node
// the newcomer gets one line naming the version needed and how to get it, not a stack trace from
// deep inside a dependency. Written in syntax old Node versions parse (no ?., no ??, no top-level
// await) so that the message itself is what an old Node prints.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The major version `.nvmrc` names ("24", "v24", "24.1.0" → 24); 24 when it cannot be read. */
export function requiredMajor(nvmrcText) {
  const match = /^\s*v?(\d+)/.exec(nvmrcText || "");
  return match ? Number(match[1]) : 24;
}

/** null when `version` ("v24.1.0") is at least `major`, else the one line to print. */
export function nodeVersionProblem(version, major) {
  const match = /^v?(\d+)/.exec(version || "");
  const have = match ? Number(match[1]) : 0;
  if (have >= major) return null;
  return `PIN needs Node.js ${major} or newer; this is Node ${version}. Run \`nvm use\` (or \`fnm use\`: .nvmrc says ${major}) or install Node ${major} from https://nodejs.org, then run the command again.`;
}

function main() {
  let nvmrc = "";
  try {
    nvmrc = readFileSync(new URL("../.nvmrc", import.meta.url), "utf8");
  } catch {
    nvmrc = "";
  }
  const problem = nodeVersionProblem(process.version, requiredMajor(nvmrc));
  if (problem) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
