import { createConnection } from "node:net";
import { expect } from "vitest";
import type { StartedProcess } from "./npm-start.js";

/** Whether something accepts connections on 127.0.0.1:port. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Ctrl-C at a newcomer's terminal (issue #40 item 7, decision 0569): SIGINT to the process group of
 * `npm start` (started with `viaNpm`), as a shell sends it to its foreground job. Asserts exit 0,
 * at most 10 lines after the signal, no warning or error in the whole run, and the embedded
 * PostgreSQL (its own process group) stopped by the app: nothing left on its port.
 */
export async function stopsOnCtrlC(proc: StartedProcess): Promise<void> {
  const { child } = proc;
  expect(await listening(proc.embeddedPostgresPort)).toBe(true);
  const before = proc.output().length;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  process.kill(-(child.pid ?? 0), "SIGINT");
  expect(await exited).toBe(0);
  // npm has exited with the app; its pipes may carry the last lines a moment later
  await new Promise((r) => setTimeout(r, 500));
  const after = proc
    .output()
    .slice(before)
    .split("\n")
    .filter((l) => l.trim() !== "");
  expect(after.length, after.join("\n")).toBeLessThanOrEqual(10);
  const warnings = proc
    .output()
    .split("\n")
    .filter((l) => /\b(WARN|ERROR|FATAL)\b|"level":[456]0/.test(l));
  expect(warnings, warnings.join("\n")).toEqual([]);
  expect(await listening(proc.embeddedPostgresPort)).toBe(false);
}
