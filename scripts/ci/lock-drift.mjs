#!/usr/bin/env node
// Compares the committed package-lock.json (git HEAD) with the one `npm install` just wrote.
// Exit 0: unchanged, or the only change is optional platform packages that the registry reachable
// here did not serve when the lock was written and serves now (e.g. a win32/darwin binary); those
// never install on this machine, so the installed tree is the locked one. Exit 1: anything else
// (a dependency added/removed/bumped without committing the lock).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const committed = JSON.parse(
  execFileSync("git", ["show", "HEAD:package-lock.json"], { encoding: "utf8", maxBuffer: 64 << 20 }),
);
const written = JSON.parse(readFileSync("package-lock.json", "utf8"));
const before = committed.packages ?? {};
const after = written.packages ?? {};
const problems = [];
const tolerated = [];
for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
  const a = before[key];
  const b = after[key];
  if (JSON.stringify(a) === JSON.stringify(b)) continue;
  const entry = b ?? a;
  const foreignPlatform =
    entry?.optional === true && Array.isArray(entry.os) && !entry.os.includes(process.platform);
  if ((a === undefined || b === undefined) && foreignPlatform) tolerated.push(key || "(root)");
  else problems.push(key || "(root)");
}
for (const key of tolerated)
  console.warn(`[ci] lock: optional package for another platform now resolvable, ignored: ${key}`);
if (problems.length > 0) {
  console.error(
    `[ci] package-lock.json is out of date with package.json (${problems.length} entries differ): ${problems.slice(0, 10).join(", ")}`,
  );
  console.error("[ci] run 'npm install' and commit the lock");
  process.exit(1);
}
