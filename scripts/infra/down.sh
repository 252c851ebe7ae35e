#!/usr/bin/env bash
# Stop what `npm run infra:up` started in this checkout (Kafka: SIGTERM, then SIGKILL after 30 s;
# ClickHouse: only if this checkout started it; PostgreSQL: only if infra:up had to start it).
# Usage: npm run infra:down [-- postgres|kafka|clickhouse ...]   (default: all three)
# Rewrites .infra/services.env with whatever still answers afterwards.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$HERE/lib.sh"
source "$HERE/postgres.sh"
source "$HERE/kafka.sh"
source "$HERE/clickhouse.sh"

select_services kafka clickhouse postgres -- "$@"

status=0
for s in "${services[@]}"; do
  t=$(now_ms)
  "${s}_down" || status=1
  infra_log "stop $s: $(fmt_ms "$t")"
done
if [[ -d $INFRA_DIR ]]; then write_services_env; fi
exit $status
