import { createConnection } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { type StartedProcess, startNpmStart } from "../../support/npm-start.js";

/** Whether something accepts connections on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
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
 * A newcomer's terminal (issue #40 item 7): `npm start` on embedded defaults in a process group of
 * its own, as a shell runs a foreground job; Ctrl-C is SIGINT to that whole group. The embedded
 * PostgreSQL runs in a group of its own (decision 0569), so the signal reaches the app alone and
 * the app stops it after its own stop: exit 0, at most 10 lines after the signal, no warning on
 * the way up or down, and nothing left listening on the embedded port.
 */
describe("Ctrl-C on npm start", () => {
  let proc: StartedProcess | null = null;
  afterAll(async () => {
    await proc?.dispose();
  });

  it("ends with exit 0 and at most 10 lines, the demo's happy path logs no warning", async () => {
    proc = await startNpmStart({ logLevel: "info", viaNpm: true });
    await proc.ready;
    const pgPort = proc.embeddedPostgresPort;
    expect(await listening(pgPort)).toBe(true);
    // the app's own lines after the banner (the consumers' catch-up) settle before the signal
    await new Promise((r) => setTimeout(r, 2_000));
    const before = proc.output().length;
    const { child } = proc;
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    process.kill(-(child.pid ?? 0), "SIGINT");
    expect(await exited).toBe(0);
    // npm has exited; its pipes carry the app's last lines a moment later at most
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
      .filter((l) => /\bWARN\b|"level":40|\bERROR\b|"level":50/.test(l));
    expect(warnings, warnings.join("\n")).toEqual([]);
    expect(await listening(pgPort)).toBe(false);
  }, 240_000);
});
