// Runs before `npm start`, `npm test` and the CLI load tsx or vitest (issue #40, decision 0568): on an older Node
// the newcomer gets one line naming the version needed and how to get it, not a stack trace from
// deep inside a dependency. Written in syntax old Node versions parse (no ?., no ??, no top-level
// await) so that the message itself is what an old Node prints.
import { readFileSync } from "node:fs";

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

// Run as a script (`node scripts/check-node.mjs && vitest run`) or loaded first with
// `node --import ./scripts/check-node.mjs --import tsx src/main.ts` (npm start: one process, which
// the shell execs, so Ctrl-C reaches the app and npm with nothing in between). On a supported Node
// it does nothing, imported by a test included.
main();
