import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { nodeVersionProblem, requiredMajor } from "../../scripts/check-node.mjs";

const run = promisify(execFile);
const SCRIPT = join(process.cwd(), "scripts/check-node.mjs");
/** The machine's own Node (Debian's, v20 here): what a newcomer without nvm runs. */
const SYSTEM_NODE = "/usr/bin/node";

/**
 * The newcomer's first line (issue #40 item 7): `npm start`, `npm test` and the CLI run
 * scripts/check-node.mjs before tsx or vitest load, and an old Node stops there with one line
 * naming the version needed and how to get it.
 */
describe("scripts/check-node.mjs", () => {
  it("reads the major version from .nvmrc in its usual spellings", () => {
    expect(requiredMajor("24\n")).toBe(24);
    expect(requiredMajor("v24.1.0")).toBe(24);
    expect(requiredMajor("lts/*")).toBe(24);
    expect(requiredMajor(readFileSync(join(process.cwd(), ".nvmrc"), "utf8"))).toBe(24);
  });

  it("passes Node 24 and newer, stops older ones with one line naming the version and nvm", () => {
    expect(nodeVersionProblem("v24.0.0", 24)).toBeNull();
    expect(nodeVersionProblem("v25.2.1", 24)).toBeNull();
    const line = nodeVersionProblem("v20.20.2", 24);
    expect(line).toContain("Node.js 24");
    expect(line).toContain("v20.20.2");
    expect(line).toContain("nvm use");
    expect(line).toContain(".nvmrc");
    expect(line).not.toContain("\n");
  });

  it("runs before tsx and vitest in npm start, npm test and the CLI", () => {
    const pkg = JSON.parse(readFileSync(join(process.cwd(), "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    for (const name of ["start", "cli"]) {
      expect(pkg.scripts[name], name).toMatch(
        /^exec node --import \.\/scripts\/check-node\.mjs --import tsx /,
      );
    }
    for (const name of ["test", "test:unit", "test:integration", "test:faults"]) {
      expect(pkg.scripts[name], name).toMatch(/^node scripts\/check-node\.mjs && /);
    }
    expect(readFileSync(join(process.cwd(), ".npmrc"), "utf8")).toMatch(/^engine-strict=true$/m);
  });

  it("exits 0 silently on this Node", async () => {
    const { stdout, stderr } = await run(process.execPath, [SCRIPT]);
    expect(stdout + stderr).toBe("");
  });

  it.runIf(existsSync(SYSTEM_NODE))(
    "on the machine's own Node, older than 24, prints one line and exits 1",
    async () => {
      const { stdout: version } = await run(SYSTEM_NODE, ["--version"]);
      const failure = await run(SYSTEM_NODE, [SCRIPT]).then(
        () => null,
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
      if (Number(/^v(\d+)/.exec(version)?.[1]) >= 24) {
        expect(failure).toBeNull();
        return;
      }
      expect(failure?.code).toBe(1);
      expect(failure?.stdout).toBe("");
      expect(failure?.stderr.trimEnd().split("\n")).toEqual([
        expect.stringContaining(`this is Node ${version.trim()}`),
      ]);
    },
  );
});
