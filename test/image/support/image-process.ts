// Runs the image's entry point from its mounted filesystem as a container runtime would (issue #40):
// in a new PID namespace (so the entry point, tini, is PID 1 and everything it started dies with
// it) and a private mount namespace (a fresh /proc inside the image's root), chroot into the
// image's root as the image's USER, in its WorkingDir, with only the image's Env plus the test's
// settings. The host network is shared: the roles reach the test services on 127.0.0.1.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { type ImageConfig, resolveUser } from "./image-rootfs.js";

const IN_NAMESPACES = [
  "root=$1; user=$2; dir=$3; shift 3",
  'mount -t proc proc "$root/proc" || exit 125',
  'exec chroot --userspec="$user" "$root" /usr/bin/env -i -C "$dir" "$@"',
].join("\n");

export interface ImageProcessOptions {
  readonly rootfs: string;
  readonly config: ImageConfig;
  /** replaces the image's Cmd (as Kubernetes' `args` does); the Entrypoint stays */
  readonly args?: readonly string[];
  /** replaces Entrypoint and Cmd: what a HEALTHCHECK or an exec hook runs in the container */
  readonly exec?: readonly string[];
  /** settings on top of the image's Env */
  readonly env: Readonly<Record<string, string>>;
}

export interface ImageProcess {
  readonly child: ChildProcess;
  /** stdout + stderr so far */
  output(): string;
  /** the exit code (null: ended by a signal) */
  readonly exited: Promise<number | null>;
  /** host pids of the image's PID 1 (the entry point) and of its first child (node), when running */
  pids(): { pid1: number | null; main: number | null };
  /** SIGTERM to PID 1, as a container runtime stops a container; SIGKILL after killAfterMs */
  terminate(killAfterMs: number): Promise<{ code: number | null; ms: number }>;
  /** SIGKILL if still running: for afterAll */
  dispose(): Promise<void>;
}

const childrenOf = (pid: number | undefined): number[] => {
  if (!pid) return [];
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
};

export function runInImage(options: ImageProcessOptions): ImageProcess {
  const { rootfs, config } = options;
  const user = resolveUser(rootfs, config.user);
  const env = { HOME: user.home, ...config.env, ...options.env };
  const argv = options.exec ?? [...config.entrypoint, ...(options.args ?? config.cmd)];
  const child = spawn(
    "unshare",
    [
      "--pid",
      "--fork",
      "--kill-child",
      "--mount",
      "--propagation",
      "private",
      "/bin/sh",
      "-c",
      IN_NAMESPACES,
      "sh",
      rootfs,
      `${user.uid}:${user.gid}`,
      config.workingDir,
      ...Object.entries(env).map(([k, v]) => `${k}=${v}`),
      ...argv,
    ],
    { env: { PATH: "/usr/sbin:/usr/bin:/sbin:/bin" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let text = "";
  const append = (chunk: Buffer) => {
    text += chunk.toString();
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const running = () => child.exitCode === null && child.signalCode === null;
  const pids = () => {
    const pid1 = childrenOf(child.pid)[0] ?? null;
    return { pid1, main: pid1 ? (childrenOf(pid1)[0] ?? null) : null };
  };
  async function terminate(killAfterMs: number): Promise<{ code: number | null; ms: number }> {
    const started = Date.now();
    if (!running()) return { code: child.exitCode, ms: 0 };
    const { pid1 } = pids();
    if (pid1) process.kill(pid1, "SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
    const code = await exited;
    clearTimeout(timer);
    return { code, ms: Date.now() - started };
  }
  return {
    child,
    output: () => text,
    exited,
    pids,
    terminate,
    async dispose() {
      if (running()) child.kill("SIGKILL");
      await exited;
    },
  };
}

/** Polls `url` until it answers 200; fails with the process's output when it ends first or time runs out. */
export async function waitFor200(url: string, proc: ImageProcess, timeoutMs: number): Promise<number> {
  const started = Date.now();
  let last = 0;
  for (;;) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null)
      throw new Error(
        `ended (${proc.child.exitCode ?? proc.child.signalCode}) before ${url} said 200:\n${proc.output()}`,
      );
    last = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (last === 200) return Date.now() - started;
    if (Date.now() - started > timeoutMs)
      throw new Error(`${url} not 200 within ${timeoutMs} ms (last ${last}):\n${proc.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
