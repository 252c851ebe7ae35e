#!/usr/bin/env bash
# Install (only what is missing) everything the services need, without starting them:
# Debian packages (clickhouse-server, clickhouse-client, kcat; Java/Maven/curl if absent) and the
# Kafka broker jars (.infra/kafka/libs). Used by .ci/run before `npm ci`; up.sh does the same itself.
# Usage: scripts/infra/install.sh [postgres|kafka|clickhouse ...]   (default: all three)
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$HERE/lib.sh"
source "$HERE/postgres.sh"
source "$HERE/kafka.sh"
source "$HERE/clickhouse.sh"

select_services postgres kafka clickhouse -- "$@"
for s in "${services[@]}"; do
  t=$(now_ms)
  "${s}_install"
  infra_log "install $s: $(fmt_ms "$t")"
done

# promtool (Debian's prometheus package) checks ops/prometheus/*.rules.yml: only on a full install.
if (($# == 0)); then
  source "$HERE/promtool.sh"
  t=$(now_ms)
  promtool_install
  infra_log "install promtool: $(fmt_ms "$t")"
fi
