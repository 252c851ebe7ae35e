// The two checkouts the cost bench drives side by side (issue #43): this one and the baseline ref
// (BENCH_BASELINE_REF, default 9e0414d) in a git worktree under /tmp, each built by its own
// scripts/build.mjs into a folder of its own and run the same way.
import { execFile } from "node:child_process";
import { cpSync, existsSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
export const REPO = path.resolve(import.meta.dirname, "../..");
export const DEFAULT_BASELINE_REF = "9e0414d";

export interface Checkout {
  /** "this checkout" or the baseline's ref */
  readonly label: string;
  /** the repository folder (src/, scripts/, node_modules) */
  readonly dir: string;
}

/** The built main.js of `checkout` (scripts/build.mjs --out, removed when this process exits). */
export async function buildCheckout(checkout: Checkout): Promise<string> {
  const name = `.bench-cost-build-${process.pid}`;
  const out = path.join(checkout.dir, name);
  process.once("exit", () => rmSync(out, { recursive: true, force: true }));
  await run(process.execPath, [path.join(checkout.dir, "scripts/build.mjs"), "--out", name], {
    cwd: checkout.dir,
  });
  return path.join(out, "main.js");
}

/**
 * The baseline ref checked out (detached) in /tmp/pin-bench-baseline-<sha>, reused by later runs;
 * node_modules is this checkout's (a symlink) and src/generated (Prisma's client, not in git) a
 * copy of this checkout's — the schema is the same as long as no migration changes the Prisma
 * models (the bench's seed and reads use this checkout's code on both databases).
 */
export async function baselineCheckout(
  ref: string = process.env.BENCH_BASELINE_REF ?? DEFAULT_BASELINE_REF,
): Promise<Checkout> {
  const sha = (await run("git", ["rev-parse", "--verify", `${ref}^{commit}`], { cwd: REPO })).stdout.trim();
  const dir = `/tmp/pin-bench-baseline-${sha.slice(0, 12)}`;
  if (!existsSync(path.join(dir, "package.json"))) {
    rmSync(dir, { recursive: true, force: true });
    await run("git", ["worktree", "prune"], { cwd: REPO });
    await run("git", ["worktree", "add", "--detach", dir, sha], { cwd: REPO });
  }
  const modules = path.join(dir, "node_modules");
  if (!existsSync(modules)) symlinkSync(realpathSync(path.join(REPO, "node_modules")), modules);
  const generated = path.join(dir, "src/generated");
  if (!existsSync(generated)) cpSync(path.join(REPO, "src/generated"), generated, { recursive: true });
  return { label: `baseline ${ref} (${sha.slice(0, 7)})`, dir };
}

export const thisCheckout: Checkout = { label: "this checkout", dir: REPO };
