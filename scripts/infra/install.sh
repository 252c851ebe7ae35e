#!/usr/bin/env bash
# Install (only what is missing) everything the services need, without starting them:
# Debian packages (clickhouse-server, clickhouse-client, kcat; Java/Maven/curl if absent), the
# Kafka broker jars (.infra/kafka/libs) and Debian's chromium for the browser tests. Used by
# .ci/run before `npm install`; up.sh installs what the services need itself (not the browser).
# Usage: scripts/infra/install.sh [postgres|kafka|clickhouse|browser ...]   (default: all four)
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$HERE/lib.sh"
source "$HERE/postgres.sh"
source "$HERE/kafka.sh"
source "$HERE/clickhouse.sh"
source "$HERE/browser.sh"

with_browser=0
args=()
for a in "$@"; do if [[ $a == browser ]]; then with_browser=1; else args+=("$a"); fi; done
(($# == 0)) && with_browser=1
if (($# == 0 || ${#args[@]} > 0)); then
  select_services postgres kafka clickhouse -- "${args[@]}"
else
  services=()
fi
((with_browser)) && services+=(browser)
for s in "${services[@]}"; do
  t=$(now_ms)
  "${s}_install"
  infra_log "install $s: $(fmt_ms "$t")"
done
