import { execFile } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { alive } from "./process-registry.js";

const REPO = path.resolve(import.meta.dirname, "../../..");
const run = promisify(execFile);

/**
 * The role processes of the faults rig run the production build (`npm run build`'s
 * scripts/build.mjs: src/ file by file into a folder beside src/, as `npm run start:prod` runs
 * dist/main.js; issue #24 item 4). Each test process builds its own copy, `.faults-build-<pid>`
 * (under a second, once per process), removed when the process exits: the two faults passes of CI
 * (kafkajs and @platformatic/kafka) run at once and must not rewrite each other's files, nor
 * `npm test`'s production-build e2e the dist/ it checks. Loading a built main instead of tsx keeps
 * six role processes' (re)starts cheap on a 2-core machine (decision 0181).
 */
let built: Promise<string> | null = null;

export function buildMain(): Promise<string> {
  built ??= (async () => {
    const name = `.faults-build-${process.pid}`;
    const dir = path.join(REPO, name);
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    await run(process.execPath, [path.join(REPO, "scripts/build.mjs"), "--out", name], { cwd: REPO });
    return path.join(dir, "main.js");
  })();
  return built;
}

/**
 * Builds of test processes that are gone (a process killed with SIGKILL runs no exit hook):
 * removed by the global setup and teardown. Returns the folders removed.
 */
export function sweepStaleBuilds(root: string = REPO): string[] {
  const removed: string[] = [];
  for (const entry of readdirSync(root)) {
    const pid = /^\.faults-build-(\d+)$/.exec(entry)?.[1];
    if (pid === undefined || alive(Number(pid))) continue;
    rmSync(path.join(root, entry), { recursive: true, force: true });
    removed.push(entry);
  }
  return removed;
}
