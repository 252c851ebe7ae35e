// The built image's filesystem on the host, and what its configuration says to run (issue #40).
// Containers cannot run on this machine (docs/guide/deployment.md "Built and started in CI"): the image
// is created and mounted with podman (`podman create` + `podman mount`, as root), and its entry
// point is run with chroot (image-role.ts) the way a container runtime would run it: the image's
// Env, WorkingDir, User, Entrypoint and Cmd, read from `podman image inspect`.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The image every test of test/image/ runs: PIN_IMAGE, else the tag scripts/image/build.sh gives. */
export const IMAGE = process.env.PIN_IMAGE ?? "pin-backend:test";

/** The fields of `podman image inspect` (Docker format) a container runtime uses. */
export interface ImageConfig {
  readonly env: Readonly<Record<string, string>>;
  readonly entrypoint: readonly string[];
  readonly cmd: readonly string[];
  /** "uid:gid" or "uid" or a name, as USER wrote it */
  readonly user: string;
  readonly workingDir: string;
  readonly exposedPorts: readonly string[];
  /** HEALTHCHECK's test, e.g. ["CMD", "node", "-e", "…"]; null when the image has none */
  readonly healthcheck: readonly string[] | null;
  /** bytes */
  readonly size: number;
}

interface InspectOutput {
  Size: number;
  Config: {
    Env?: string[];
    Entrypoint?: string[];
    Cmd?: string[];
    User?: string;
    WorkingDir?: string;
    ExposedPorts?: Record<string, unknown>;
    Healthcheck?: { Test?: string[] };
  };
  /** podman puts a Docker-format image's HEALTHCHECK here, beside Config */
  Healthcheck?: { Test?: string[] };
}

export async function inspectImage(image: string = IMAGE): Promise<ImageConfig> {
  const { stdout } = await run("podman", ["image", "inspect", image], { maxBuffer: 16 * 1024 * 1024 });
  const [inspected] = JSON.parse(stdout) as InspectOutput[];
  if (!inspected) throw new Error(`podman image inspect ${image}: no image`);
  const c = inspected.Config;
  const env: Record<string, string> = {};
  for (const entry of c.Env ?? []) {
    const at = entry.indexOf("=");
    env[entry.slice(0, at)] = entry.slice(at + 1);
  }
  return {
    env,
    entrypoint: c.Entrypoint ?? [],
    cmd: c.Cmd ?? [],
    user: c.User ?? "",
    workingDir: c.WorkingDir || "/",
    exposedPorts: Object.keys(c.ExposedPorts ?? {}).sort(),
    healthcheck: inspected.Healthcheck?.Test ?? c.Healthcheck?.Test ?? null,
    size: inspected.Size,
  };
}

/** The image's filesystem, mounted read-write on a container podman created (not started). */
export interface MountedImage {
  /** the container podman created from the image */
  readonly id: string;
  readonly rootfs: string;
  /** `podman diff`: what changed in the container's layer since it was created ("A /tmp/x", "C /tmp") */
  changes(): Promise<string[]>;
  /** podman unmount + podman rm: for afterAll */
  dispose(): Promise<void>;
}

export async function mountImage(image: string = IMAGE): Promise<MountedImage> {
  const created = await run("podman", [
    "create",
    "--replace",
    "--name",
    `pin-image-test-${process.pid}`,
    image,
  ]);
  const id = created.stdout.trim();
  const mounted = await run("podman", ["mount", id]);
  return {
    id,
    rootfs: mounted.stdout.trim(),
    async changes() {
      const { stdout } = await run("podman", ["diff", id]);
      return stdout.split("\n").filter(Boolean);
    },
    async dispose() {
      await run("podman", ["unmount", id]).catch(() => {});
      await run("podman", ["rm", "--force", id]).catch(() => {});
    },
  };
}

/** USER as `uid:gid` numbers (a name is looked up in the image's /etc/passwd); HOME from passwd too. */
export function resolveUser(rootfs: string, user: string): { uid: number; gid: number; home: string } {
  const [name = "0", group] = user.split(":");
  const passwd = readFileSync(path.join(rootfs, "etc/passwd"), "utf8")
    .split("\n")
    .map((line) => line.split(":"))
    .filter((f) => f.length >= 7);
  const entry = passwd.find((f) => f[0] === name || f[2] === name);
  const uid = /^\d+$/.test(name) ? Number(name) : Number(entry?.[2]);
  if (!Number.isInteger(uid)) throw new Error(`USER ${user}: no such user in the image`);
  const gid = group !== undefined && /^\d+$/.test(group) ? Number(group) : Number(entry?.[3] ?? uid);
  return { uid, gid, home: entry?.[5] ?? "/" };
}
