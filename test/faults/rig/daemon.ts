import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { register, unregister } from "./process-registry.js";

/**
 * One server process the faults rig owns (a Kafka broker, a ClickHouse server, a role of PIN):
 * started with its output in a log file, waited for with a probe, stopped gently (SIGTERM, then
 * SIGKILL) or killed outright (SIGKILL). Only processes started here are ever signalled.
 * The process writes its stdout and stderr straight into the log file (its file descriptors are
 * the file, no pipe through the test process): a test process busy elsewhere can never fill a pipe
 * and stall a role's synchronous log writes (decision 0526). The readiness probe and the failure
 * messages read the file.
 * Each runs in a process group of its own, signalled as a group (whatever it started goes with
 * it), and is in the process registry while it runs: the test process's exit hook and the global
 * teardown kill whatever a failed test left behind (process-registry.ts).
 */
export interface DaemonSpec {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  readonly logFile: string;
  /** Resolves true once the process serves (given its output since this start); polled until readyTimeoutMs */
  readonly ready: (output: string) => Promise<boolean>;
  readonly readyTimeoutMs: number;
}

export interface Daemon {
  readonly name: string;
  readonly pid: number | undefined;
  running(): boolean;
  start(): Promise<void>;
  /** SIGTERM, SIGKILL after graceMs; resolves once it exited */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL now; resolves once it exited */
  kill(): Promise<void>;
  /** The last lines of its log, for failure messages */
  tail(): string;
}

const POLL_MS = 200;
const TAIL_CHARS = 6_000;
/** Output kept from each start for the readiness probe */
const START_CHARS = 1_000_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Up to maxBytes of the file from byte `from` (to its end) */
function readFrom(file: string, from: number, maxBytes: number): Buffer {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return Buffer.alloc(0);
  }
  try {
    const size = statSync(file).size;
    const length = Math.max(0, Math.min(maxBytes, size - from));
    const buffer = Buffer.alloc(length);
    const read = length > 0 ? readSync(fd, buffer, 0, length, from) : 0;
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

export function createDaemon(spec: DaemonSpec): Daemon {
  let child: ChildProcess | null = null;
  const tail = () => {
    const size = sizeOf(spec.logFile);
    return readFrom(spec.logFile, Math.max(0, size - TAIL_CHARS), TAIL_CHARS).toString();
  };

  const exited = (c: ChildProcess) =>
    c.exitCode !== null || c.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => c.once("exit", () => resolve()));

  /** The whole process group of c (it leads one: spawned detached) */
  const signalGroup = (c: ChildProcess, sig: NodeJS.Signals) => {
    if (c.pid === undefined) return;
    try {
      process.kill(-c.pid, sig);
    } catch {
      // the group is gone
    }
  };

  async function signal(sig: NodeJS.Signals, graceMs: number): Promise<void> {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const done = exited(c);
    signalGroup(c, sig);
    const timer = setTimeout(() => signalGroup(c, "SIGKILL"), graceMs);
    await done;
    clearTimeout(timer);
  }

  return {
    name: spec.name,
    get pid() {
      return child?.pid;
    },
    running: () => child !== null && child.exitCode === null && child.signalCode === null,
    async start() {
      const startOffset = sizeOf(spec.logFile);
      const out = openSync(spec.logFile, "a");
      let c: ChildProcess;
      try {
        c = spawn(spec.command, [...spec.args], {
          cwd: spec.cwd,
          env: spec.env,
          stdio: ["ignore", out, out],
          detached: true,
        });
      } finally {
        // The child holds its own copy of the descriptor.
        closeSync(out);
      }
      child = c;
      const pid = c.pid;
      if (pid !== undefined) {
        register({ pid, group: true, name: spec.name, marker: spec.args.at(-1) ?? spec.command });
        c.once("exit", () => {
          // Whatever the leader left in its group goes with it.
          signalGroup(c, "SIGKILL");
          unregister(pid);
        });
      }
      const deadline = Date.now() + spec.readyTimeoutMs;
      // Output since this start, read on as the file grows (each poll reads only what is new).
      let sinceStart = Buffer.alloc(0);
      let readTo = startOffset;
      for (;;) {
        if (c.exitCode !== null || c.signalCode !== null)
          throw new Error(`${spec.name} exited while starting (${c.exitCode ?? c.signalCode}):\n${tail()}`);
        if (sinceStart.length < START_CHARS) {
          const fresh = readFrom(spec.logFile, readTo, START_CHARS - sinceStart.length);
          readTo += fresh.length;
          if (fresh.length > 0) sinceStart = Buffer.concat([sinceStart, fresh]);
        }
        if (await spec.ready(sinceStart.toString()).catch(() => false)) return;
        if (Date.now() > deadline) {
          await signal("SIGKILL", 0);
          throw new Error(`${spec.name} not ready in ${spec.readyTimeoutMs} ms:\n${tail()}`);
        }
        await pause(POLL_MS);
      }
    },
    stop: (graceMs = 30_000) => signal("SIGTERM", graceMs),
    kill: () => signal("SIGKILL", 0),
    tail,
  };
}
