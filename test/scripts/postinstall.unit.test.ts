import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);

/**
 * The postinstall of a production install (`npm install --omit=dev --omit=optional`, README
 * "Deploying"): the Prisma CLI is a devDependency and absent there, so `prisma generate` must be
 * skipped, not fail the install ("sh: prisma: not found", issue #24 item 4).
 */
describe("scripts/postinstall.mjs", () => {
  const dir = mkdtempSync(join(tmpdir(), "pin-postinstall-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("is npm's postinstall", () => {
    const pkg = JSON.parse(readFileSync(join(process.cwd(), "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.postinstall).toBe("node scripts/postinstall.mjs");
  });

  it("skips prisma generate with exit 0 where no Prisma CLI is installed", async () => {
    // A folder with no node_modules: what the script sees on a production install.
    copyFileSync(join(process.cwd(), "scripts/postinstall.mjs"), join(dir, "postinstall.mjs"));
    const { stdout } = await run(process.execPath, [join(dir, "postinstall.mjs")], { cwd: dir });
    expect(stdout).toMatch(/no Prisma CLI .*prisma generate skipped/);
  });
});
