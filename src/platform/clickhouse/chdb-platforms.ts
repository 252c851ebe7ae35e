/**
 * Where the embedded ClickHouse (chdb) has builds (issue #40 item 6, decision 0567): chdb 3.4's own
 * optionalDependencies, @chdb/lib-<platform>, which npm picks by os/cpu (glibc on Linux). Pure.
 */
export const CHDB_PLATFORMS: readonly string[] = ["darwin-arm64", "darwin-x64", "linux-arm64", "linux-x64"];

/** null where chdb has a build, else the one line saying there is none and what to do. */
export function chdbUnavailableOn(platform: string, arch: string): string | null {
  if (CHDB_PLATFORMS.includes(`${platform}-${arch}`)) return null;
  return `the embedded ClickHouse (chdb) has no build for ${platform}-${arch} (it has for macOS arm64 and x64, Linux arm64 and x64); set CLICKHOUSE_URL for the funnel`;
}
