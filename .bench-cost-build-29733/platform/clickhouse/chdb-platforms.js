const CHDB_PLATFORMS = ["darwin-arm64", "darwin-x64", "linux-arm64", "linux-x64"];
function chdbUnavailableOn(platform, arch) {
  if (CHDB_PLATFORMS.includes(`${platform}-${arch}`)) return null;
  return `the embedded ClickHouse (chdb) has no build for ${platform}-${arch} (it has for macOS arm64 and x64, Linux arm64 and x64); set CLICKHOUSE_URL for the funnel`;
}
export {
  CHDB_PLATFORMS,
  chdbUnavailableOn
};
//# sourceMappingURL=chdb-platforms.js.map
