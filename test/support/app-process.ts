import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { freePort } from "./npm-start.js";

const REPO = path.resolve(import.meta.dirname, "../..");
// A loaded 2-core machine: migrations on a fresh database and every runner's start.
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;

/** The app as its own process (`node … main`), on a database the test made, until /readyz says 200. */
export interface AppProcess {
  readonly child: ChildProcess;
  /** http://127.0.0.1:<port> */
  readonly base: string;
  /** stdout + stderr so far */
  output(): string;
  /** SIGTERM, then the exit code (null: ended by a signal); SIGKILL after 30 s */
  stop(): Promise<number | null>;
  /** `stop()` if still running, whatever happened before: for afterAll */
  dispose(): Promise<void>;
}

export interface AppProcessOptions {
  /** node arguments, e.g. ["--enable-source-maps", "dist/main.js"] (run in the repository root) */
  readonly args: readonly string[];
  /** the process's whole environment besides PATH, HOME and PORT */
  readonly env: Readonly<Record<string, string>>;
  /** Polled until it answers 200; default `<base>/readyz` (a process without the api: its PIN_OPS_PORT) */
  readonly readyUrl?: string;
}

export async function startAppProcess(options: AppProcessOptions): Promise<AppProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...options.args], {
    cwd: REPO,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  async function stop(): Promise<number | null> {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    const code = await exited;
    clearTimeout(timer);
    return code;
  }
  const started: AppProcess = {
    child,
    base,
    output: () => text,
    stop,
    async dispose() {
      await stop();
    },
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the process ended (${child.exitCode ?? child.signalCode}) before /readyz:\n${text}`);
    const status = await fetch(options.readyUrl ?? `${base}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return started;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`/readyz not 200 within ${READY_TIMEOUT_MS} ms (last ${status}):\n${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
