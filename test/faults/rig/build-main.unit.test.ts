import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { sweepStaleBuilds } from "./build-main.js";

let root: string | null = null;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

it("sweepStaleBuilds removes the builds of processes that are gone and keeps live ones and other folders", () => {
  root = mkdtempSync(path.join(tmpdir(), "pin-builds-"));
  const gone = spawnSync(process.execPath, ["-e", "0"]).pid;
  if (gone === undefined) throw new Error("no pid for the finished process");
  for (const name of [`.faults-build-${gone}`, `.faults-build-${process.pid}`, "dist", ".faults-build-x"])
    mkdirSync(path.join(root, name));
  expect(sweepStaleBuilds(root)).toEqual([`.faults-build-${gone}`]);
  expect(existsSync(path.join(root, `.faults-build-${gone}`))).toBe(false);
  expect(existsSync(path.join(root, `.faults-build-${process.pid}`))).toBe(true);
  expect(existsSync(path.join(root, "dist"))).toBe(true);
  expect(existsSync(path.join(root, ".faults-build-x"))).toBe(true);
});
